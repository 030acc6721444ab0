const { createConfig } = require('../build/webpack.base');

module.exports = createConfig({
  dir: __dirname,
  name: 'mfe_swaps',
  exposes: { './App': './src/App.tsx' },
  pages: require('./src/pages.json'),
  port: 3012,
  title: 'Swapstuff · Swaps',
});
