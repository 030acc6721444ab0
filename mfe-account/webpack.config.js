const { createConfig } = require('../build/webpack.base');

module.exports = createConfig({
  dir: __dirname,
  name: 'mfe_account',
  // the address modal opens over any page (the shell mounts it on the bus's address:open)
  exposes: { './App': './src/App.tsx', './AddressModal': './src/address/AddressModal.tsx' },
  pages: require('./src/pages.json'),
  // the address map's tiles ({z}/{x}/{y}) and their credit; unset, the map is drawn without tiles (offline)
  env: { MAP_TILE_URL: '', MAP_ATTRIBUTION: '' },
  port: 3014,
  title: 'Swapstuff · Account',
});
