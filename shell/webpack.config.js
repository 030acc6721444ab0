const { createConfig } = require('../build/webpack.base');

module.exports = createConfig({ dir: __dirname, name: 'shell', port: 8080, title: 'Swapstuff' });
