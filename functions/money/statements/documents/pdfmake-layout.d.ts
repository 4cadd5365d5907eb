/** pdfmake's line layout, a module of its own that its type definitions do not describe (fonts.ts types what it uses). */
declare module 'pdfmake/js/LayoutBuilder.js' {
  const layoutBuilder: unknown;
  export default layoutBuilder;
}
