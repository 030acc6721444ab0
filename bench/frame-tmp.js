const { startServers } = require('/work/main/bench/dist/servers.js');
const pw = require('playwright-core');
(async () => {
  const s = await startServers('/work/main');
  const b = await pw.chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const p = await b.newPage();
  if (process.argv[2] === 'hold') await p.route('**/mf/remotes.json', () => {});
  await p.goto(s.publicUrl + '/', { waitUntil: 'load' });
  await p.waitForTimeout(5000);
  const loaded = await p.evaluate(() => {
    const out = [];
    const g = globalThis.__FEDERATION__;
    for (const inst of g.__INSTANCES__) {
      const sc = inst.shareScopeMap;
      for (const scope in sc)
        for (const pkg in sc[scope])
          for (const v in sc[scope][pkg]) {
            const e = sc[scope][pkg][v];
            if (e.loaded || e.loading) out.push(pkg + '@' + v + ' from ' + e.from);
          }
    }
    return [...new Set(out)];
  });
  console.log(loaded.join('\n'));
  await b.close();
  await s.stop();
})();
