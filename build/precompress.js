/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text asset of a
 * build, so that the gateway sends compressed bytes without compressing per request
 * (bff/src/gateway/precompressed.ts picks one by the request's Accept-Encoding). Compressing once at build
 * time affords the slowest, smallest settings.
 */
const { promisify } = require('node:util');
const zlib = require('node:zlib');

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text and other compressible formats; images (png, jpeg, webp) and fonts in woff/woff2 are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map|wasm|ttf|otf|eot|ico|xml)$/i;

/** Under this size a compressed copy saves less than a packet; the gateway then sends the plain file. */
const MIN_BYTES = 1024;

class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // after every other plugin has emitted its assets (html-webpack-plugin, the federation manifest)
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        async () => {
          const work = compilation
            .getAssets()
            .filter(({ name, source }) => COMPRESSIBLE.test(name) && source.size() >= MIN_BYTES)
            .map(async ({ name, source }) => {
              const plain = source.buffer();
              const encoded = [
                [
                  '.br',
                  await brotli(plain, {
                    params: {
                      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
                    },
                  }),
                ],
                ['.gz', await gzip(plain, { level: 9 })],
              ];
              for (const [suffix, bytes] of encoded) {
                // a copy that is not smaller is not worth a lookup: the plain file is served instead
                if (bytes.length >= plain.length) continue;
                compilation.emitAsset(`${name}${suffix}`, new sources.RawSource(bytes), { compressed: true });
              }
            });
          await Promise.all(work);
        },
      );
    });
  }
}

module.exports = { PrecompressPlugin };
