/** esbuild bundles imported CSS into dist/webview.css. */
declare module "*.css";
