/**
 * The server build of an app: what the gateway runs to render a page's first view into its HTML (the
 * gateway's first-view.ts). Beside the browser build, in production only:
 *
 *  - the shell's `dist/server/first-view.js`: its frame and the render itself (src/server/), bundling
 *    React, the router, antd, TanStack Query, zustand and the SDK; it provides these to the remotes
 *    (`shared`, SERVER_SHARED), as the shell's browser build provides the page's singletons;
 *  - a remote's `dist/<version>/server/app.js`: its `./App`, taking every SERVER_SHARED module from the
 *    shell at run time, so that one React, one router and one antd render the whole page.
 *
 * Each is one CommonJS file (lazy pages inlined: the server awaits them all), not minified, with
 * `css`: every CSS file of the app as text, which the gateway inlines once in the page so the first view
 * is styled before any script runs (the browser build then skips inserting them again: style-insert.js).
 * CSS modules get the class names of the browser build (same localIdentName, context and paths).
 */
const path = require('node:path');
const { DefinePlugin, optimize } = require('webpack');

/** The modules a remote's server bundle takes from the shell's (shell/src/server/shared.ts provides them). */
const SERVER_SHARED = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-router-dom',
  'antd',
  '@tanstack/react-query',
  'zustand',
  '@swapstuff/sdk',
  '@swapstuff/sdk/ui',
  '@swapstuff/sdk/query',
  '@swapstuff/contracts',
];

/** react-router's production build (as the browser builds take it: webpack.base.js) */
const reactRouterDist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist', 'production');

/**
 * @param {object} options
 * @param {string} options.dir   the app's folder
 * @param {string} options.name  federation name (mfe_catalog, shell)
 * @param {string} options.entry the app's server module: the shell's src/server/index.tsx, a remote's ./App
 * @param {string} options.outputPath
 * @param {string} options.filename
 * @param {string} options.localIdentName CSS modules' class names, as the browser build names them
 * @param {Record<string,string>} options.define what the browser build's DefinePlugin defines
 */
function createServerConfig({ dir, name, entry, outputPath, filename, localIdentName, define }) {
  const isRemote = name !== 'shell';
  const cssLoader = (modules) => ({
    loader: 'css-loader',
    options: modules
      ? { modules: { namedExport: false, exportLocalsConvention: 'as-is', localIdentName } }
      : { modules: false },
  });
  return {
    name: 'server',
    // after the browser build, whose `clean` empties the folder this one writes into
    dependencies: ['browser'],
    mode: 'production',
    target: 'node20',
    context: dir,
    entry: { server: path.join(__dirname, 'server-entry.js') },
    devtool: false,
    output: {
      path: outputPath,
      filename,
      library: { type: 'commonjs2' },
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.json'],
      alias: {
        '@server-entry$': path.join(dir, entry),
        '@app-src': path.join(dir, 'src'),
        'react-router$': path.join(reactRouterDist, 'index.mjs'),
        'react-router-dom$': path.join(__dirname, 'shared', 'react-router-dom.mjs'),
      },
    },
    externals: isRemote
      ? ({ request }, callback) =>
          SERVER_SHARED.includes(request) ? callback(null, `commonjs ${request}`) : callback()
      : undefined,
    module: {
      rules: [
        { test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false },
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic' } },
              target: 'es2022',
            },
          },
        },
        { test: /\.module\.css$/, use: [require.resolve('./server-css-loader.js'), cssLoader(true)] },
        {
          test: /\.css$/,
          exclude: /\.module\.css$/,
          use: isRemote
            ? [require.resolve('./no-global-css.js')]
            : [require.resolve('./server-css-loader.js'), cssLoader(false)],
        },
        { test: /\.(png|jpe?g|gif|svg|webp)$/i, type: 'asset/resource' },
      ],
    },
    plugins: [
      new DefinePlugin(define),
      // one file: a lazy page is a module of it, which the render awaits like any other
      new optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    // read by the gateway, never sent to a browser: readable stack traces matter more than bytes
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

module.exports = { createServerConfig, SERVER_SHARED };
