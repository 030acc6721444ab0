const { createConfig } = require('../build/webpack.base');

module.exports = createConfig({
  dir: __dirname,
  name: 'mfe_catalog',
  // the upload sheet opens over any page (the shell loads it on the bus's upload:open)
  exposes: {
    './App': './src/App.tsx',
    './UploadSheet': './src/upload/UploadSheet.tsx',
    './ReportDialog': './src/safety/ReportDialog.tsx',
  },
  pages: require('./src/pages.json'),
  port: 3011,
  title: 'Swapstuff · Catalog',
  // home, search and item detail are rendered on the server for visitors (build/webpack.server.js)
  firstView: true,
});
