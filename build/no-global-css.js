/** A loader that refuses global CSS in a remote: there is no style isolation between remotes. */
module.exports = function noGlobalCss() {
  throw new Error(
    `${this.resourcePath}: remotes may not import global CSS; use a *.module.css file or antd tokens (ARCHITECTURE.md §3)`,
  );
};
