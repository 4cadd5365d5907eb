import { RouterProvider } from 'react-router';
import { SWRConfig } from 'swr';
import { swrDefaults } from './resources';
import { router } from './router';

export function App() {
  return (
    <SWRConfig value={swrDefaults}>
      <RouterProvider router={router} />
    </SWRConfig>
  );
}
