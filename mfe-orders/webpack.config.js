const { createConfig } = require('../build/webpack.base');

module.exports = createConfig({
  dir: __dirname,
  name: 'mfe_orders',
  exposes: { './App': './src/App.tsx' },
  pages: require('./src/pages.json'),
  port: 3013,
  title: 'Swapstuff · Orders',
});
