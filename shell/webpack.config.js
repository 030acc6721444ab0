const { createConfig } = require('../build/webpack.base');

module.exports = createConfig({
  dir: __dirname,
  name: 'shell',
  port: 8080,
  title: 'Swapstuff',
  // the footer's app-store badges link to the app's own pages once it has them; until then they are hidden
  env: { APP_STORE_URL: '', GOOGLE_PLAY_URL: '' },
  // its 87 shared modules registered once, not at every share loaded (src/federation/shareOnce.ts)
  runtimePlugins: [require.resolve('./src/federation/shareOnce.ts')],
});
