/**
 * The server build's stand-in for style-loader (webpack.server.js): a CSS file's module exports its class
 * names as the browser build's does (the default export), and its text (`cssText`), which the server
 * entry gathers for the gateway to put in the page.
 */
module.exports = function serverCssLoader() {};
module.exports.pitch = function pitch(remainingRequest) {
  const request = JSON.stringify(this.utils.contextify(this.context, `!!${remainingRequest}`));
  return `import content from ${request};
export default content.locals || {};
export const cssText = content.toString();
`;
};
