/** The widget's rollup build imports CSS files as minified strings (for its shadow root). */
declare module '*.css' {
  const css: string;
  export default css;
}
