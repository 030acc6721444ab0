const { createConfig } = require('../build/webpack.base');

module.exports = createConfig({
  dir: __dirname,
  name: 'mfe_catalog',
  exposes: { './App': './src/App.tsx' },
  port: 3011,
  title: 'Swapstuff · Catalog',
});
