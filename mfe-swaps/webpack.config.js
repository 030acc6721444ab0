const { createConfig } = require('../build/webpack.base');

module.exports = createConfig({
  dir: __dirname,
  name: 'mfe_swaps',
  exposes: { './App': './src/App.tsx' },
  port: 3012,
  title: 'Swapstuff · Swaps',
});
