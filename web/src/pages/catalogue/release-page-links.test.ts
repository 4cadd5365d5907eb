import { describe, expect, it } from 'vitest';
import { releasePageLinks } from './release-page-links';

describe('a release’s own pages, linked under its heading', () => {
  it('in the company’s area: products, assets, contracts, promos, distribution and its label’s expenses', () => {
    const links = releasePageLinks({ id: 'R 1', label: { id: 'L1', name: 'Label One' } }, '/user/releases');
    expect(links.map((l) => [l.text, l.href])).toEqual([
      ['Products', '/user/releases/R%201/products'],
      ['Assets', '/user/releases/R%201/assets'],
      ['Contracts', '/user/releases/R%201/contracts'],
      ['Promos', '/user/releases/R%201/promos'],
      ['Distribution', '/user/releases/R%201/distribution'],
      ['Expenses', '/user/labels/finances/expenses?label_id=L1&label_name=Label+One&release_id=R+1'],
    ]);
  });

  it('says expenses need a label first, rather than linking nowhere', () => {
    const expenses = releasePageLinks({ id: 'R1', label: null }, '/user/releases').find((l) => l.key === 'expenses');
    expect(expenses).toMatchObject({ href: null, why: 'choose a label first' });
  });

  it('an admin’s or the distribution area’s release page links only its distribution page', () => {
    for (const base of ['/admin/releases', '/distribution/releases'])
      expect(releasePageLinks({ id: 'R1' }, base)).toEqual([
        { key: 'distribution', text: 'Distribution', href: `${base}/R1/distribution` },
      ]);
  });
});
