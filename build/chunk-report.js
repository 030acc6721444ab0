/**
 * `ANALYZE=1 npm run build -w <app>`: writes <app>/bundle-report.txt, what each JS file of the build
 * holds: its size as the gateway sends it (brotli, from the .br the build writes) and the packages (or the
 * app's own source) its modules come from, largest first. Enough to see which chunk carries what, and
 * why a page's download grew, without a browser.
 */
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

/** node_modules/@scope/name/… → @scope/name; anything else → (app) */
function packageOfModule(name) {
  const match = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(name);
  return match ? match[1].replace(/\\/g, '/') : '(app and workspace packages)';
}

class ChunkReportPlugin {
  constructor(reportFile) {
    this.reportFile = reportFile;
  }

  apply(compiler) {
    compiler.hooks.done.tap('ChunkReportPlugin', (stats) => {
      const { chunks = [], outputPath } = stats.toJson({
        all: false,
        chunks: true,
        chunkModules: true,
        nestedModules: true,
        dependentModules: true,
        chunkModulesSpace: Infinity,
        nestedModulesSpace: Infinity,
        groupModulesByType: false,
        groupModulesByAttributes: false,
        groupModulesByPath: false,
        groupModulesByExtension: false,
        groupModulesByLayer: false,
        groupModulesByCacheStatus: false,
        outputPath: true,
      });
      const lines = [];
      const files = [];
      for (const chunk of chunks) {
        for (const file of chunk.files.filter((f) => f.endsWith('.js'))) {
          const bytes = fs.readFileSync(path.join(outputPath, file));
          const br = fs.existsSync(path.join(outputPath, `${file}.br`))
            ? fs.statSync(path.join(outputPath, `${file}.br`)).size
            : zlib.brotliCompressSync(bytes).length;
          const byPackage = new Map();
          const add = (module) => {
            if (module.modules) return module.modules.forEach(add);
            const key = packageOfModule(module.nameForCondition || module.name || '');
            byPackage.set(key, (byPackage.get(key) || 0) + (module.size || 0));
          };
          (chunk.modules || []).forEach(add);
          files.push({ file, br, raw: bytes.length, names: chunk.names, byPackage });
        }
      }
      files.sort((a, b) => b.br - a.br);
      for (const { file, br, raw, names, byPackage } of files) {
        const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
        lines.push(`${file}${names.length ? ` (${names.join(', ')})` : ''}: ${kb(br)} br, ${kb(raw)} raw`);
        for (const [name, size] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 8)) {
          lines.push(`    ${kb(size).padStart(9)} ${name}`);
        }
      }
      fs.writeFileSync(this.reportFile, `${lines.join('\n')}\n`);
    });
  }
}

module.exports = { ChunkReportPlugin };
