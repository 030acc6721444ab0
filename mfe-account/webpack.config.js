const { createConfig } = require('../build/webpack.base');

module.exports = createConfig({
  dir: __dirname,
  name: 'mfe_account',
  // the address modal opens over any page (the shell mounts it on the bus's address:open)
  exposes: { './App': './src/App.tsx', './AddressModal': './src/address/AddressModal.tsx' },
  pages: require('./src/pages.json'),
  // the address map's tiles ({z}/{x}/{y}) and their credit (unset: drawn without tiles, offline); the web
  // push key (VAPID, public) that lets a browser turn notifications on (unset: not offered)
  env: { MAP_TILE_URL: '', MAP_ATTRIBUTION: '', WEB_PUSH_PUBLIC_KEY: '' },
  port: 3014,
  title: 'Swapstuff · Account',
});
