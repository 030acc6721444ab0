const { createConfig } = require('../build/webpack.base');

module.exports = createConfig({
  dir: __dirname,
  name: 'mfe_account',
  exposes: { './App': './src/App.tsx' },
  pages: require('./src/pages.json'),
  port: 3014,
  title: 'Swapstuff · Account',
});
