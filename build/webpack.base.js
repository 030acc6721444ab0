/**
 * One webpack configuration for the shell and the four remotes, so that every app compiles,
 * shares and names its files the same way (ARCHITECTURE.md §3). Each app's webpack.config.js
 * calls `createConfig` with what differs: its federation name, what it exposes, its dev port.
 */
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { DefinePlugin } = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { MANIFEST_KEY, readPageDeclarations } = require('@swapstuff/contracts');
const { PrecompressPlugin } = require('./precompress');

/**
 * Shared singletons. Every app lists these in its own package.json; the version each app asks for
 * comes from there. `react/` and `react-dom/` share the subpaths (react/jsx-runtime,
 * react-dom/client) that would otherwise load twice.
 *
 * A shared module cannot be tree-shaken (another app may need any of its exports), so what is shared
 * must be what is used:
 *  - `@ant-design/icons/` is shared per icon (deep imports, `@ant-design/icons/BellOutlined`, and
 *    antd's own `@ant-design/icons/es/icons/…`); the package root, every icon at once, is never
 *    imported (lint rule in eslint.config.mjs);
 *  - `react-router-dom` is shared as ./shared/react-router-dom.mjs, the part of the router API the
 *    apps use, from react-router's production build (see that file);
 *  - the SDK is three singletons: its core `@swapstuff/sdk` (store, api, bus, routing: no antd), which
 *    the shell's frame needs at once, its antd UI kit `@swapstuff/sdk/ui`, loaded with antd, and
 *    `@swapstuff/sdk/query`, whose one QueryClient is the page's cache, loaded with the content too;
 *  - `@tanstack/react-query` is one copy for the page: two would be two React contexts, and a remote's
 *    hooks would not find the shell's QueryClient.
 */
const SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-router-dom',
  'antd',
  '@ant-design/icons/',
  'zustand',
  '@swapstuff/sdk',
  '@swapstuff/sdk/ui',
  '@swapstuff/sdk/query',
  '@tanstack/react-query',
  '@swapstuff/contracts',
];

/** The package a share key belongs to: 'react/' → react, '@swapstuff/sdk/ui' → @swapstuff/sdk. */
function packageOf(key) {
  const parts = key.split('/');
  return key.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

/**
 * What an app provides for a share key, when it is not the package itself, with the package's version
 * (a file outside the package has none of its own).
 */
const PROVIDED = {
  'react-router-dom': path.join(__dirname, 'shared', 'react-router-dom.mjs'),
};

/** react-router's production build: its package "exports" resolve to the development build only. */
const reactRouterDist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist', 'production');

/**
 * Where the gateway listens in development. Every dev page (the shell's and each remote's standalone
 * page) reaches the api through it, as the site does: cookies are per host, not per port, so a session
 * signed in on http://localhost:3000 also works on a remote's standalone page.
 */
const GATEWAY_TARGET = process.env.GATEWAY_URL || `http://localhost:${process.env.PORT || 3000}`;

function sharedConfig(pkg, dir) {
  const deps = pkg.dependencies || {};
  return Object.fromEntries(
    SINGLETONS.map((key) => {
      const base = packageOf(key);
      const requiredVersion = deps[base];
      if (!requiredVersion) throw new Error(`${pkg.name} shares ${key} but does not list ${base} in its package.json`);
      // never eager: every app starts behind an async boundary (index.ts → import('./bootstrap'))
      const config = { singleton: true, requiredVersion, eager: false };
      if (PROVIDED[key]) {
        const { version } = require(require.resolve(`${base}/package.json`, { paths: [dir] }));
        Object.assign(config, { import: PROVIDED[key], version });
      }
      return [key, config];
    }),
  );
}

/**
 * The manifest of a remote publishes the pages it declares (contracts/src/pages.ts), which the gateway
 * passes on to the shell; a declaration with any problem fails the build instead of reaching the site.
 */
function manifestWithPages(name, pages) {
  const { problems } = readPageDeclarations(pages);
  if (problems.length > 0) throw new Error(`${name}: src/pages.json: ${problems.join('; ')}`);
  return {
    fileName: 'mf-manifest.json',
    additionalData: ({ stats }) => {
      stats.metaData[MANIFEST_KEY] = { pages };
      return stats;
    },
  };
}

/**
 * @param {object} options
 * @param {string} options.dir         the app's folder (__dirname of its webpack.config.js)
 * @param {string} options.name        federation name: a JS identifier (mfe_catalog), or 'shell'
 * @param {Record<string,string>} [options.exposes] remotes only
 * @param {object} [options.pages]     remotes only: the pages it declares, its src/pages.json
 * @param {number} options.port        dev-server port
 * @param {string} options.title       <title> of the page
 * @param {Record<string,string>} [options.env] settings read at build time: `process.env.X` in the code
 *                                     becomes the value of X when the app is built ('' when unset)
 */
function createConfig({ dir, name, exposes, pages, port, title, env = {} }) {
  const pkg = require(path.join(dir, 'package.json'));
  const isRemote = Boolean(exposes);

  return (_env, argv) => {
    const production = (argv && argv.mode) === 'production' || process.env.NODE_ENV === 'production';
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: {
        main: {
          import: './src/index.ts',
          // webpack 5.111 + enhanced 2.9.2 cannot resolve [contenthash] in the filename of a chunk
          // that carries the federation runtime (module-federation/core#5077). The entry is tiny (it
          // only starts the async boundary); index.html asks for it with ?<build hash> (see below), and
          // every other chunk keeps its content hash.
          filename: '[name].js',
        },
      },
      // no production source maps: they double the build time on CI's two cores and ship nothing users need
      devtool: production ? false : 'eval-cheap-module-source-map',
      output: {
        // remotes live on immutable versioned paths (/mfe/<name>/<version>/); the shell at /
        path: isRemote ? path.join(dir, 'dist', pkg.version) : path.join(dir, 'dist'),
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        // hashed in development too: there chunks are named after their modules, and a shared module's
        // provided chunk and its fallback chunk would otherwise both claim one file name
        chunkFilename: '[name].[contenthash:8].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        // a remote is fetched from wherever the registry says; the shell's deep links need absolute '/'
        publicPath: isRemote ? 'auto' : '/',
        // one webpack runtime per app on the page: keep their chunk-loading globals apart
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.json'],
        alias: { 'react-router$': path.join(reactRouterDist, 'index.mjs') },
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2020',
                },
              },
            },
          },
          {
            // CSS modules only: no global selectors, since remotes share the page without isolation
            test: /\.module\.css$/,
            use: [
              'style-loader',
              {
                loader: 'css-loader',
                options: {
                  modules: {
                    namedExport: false,
                    exportLocalsConvention: 'as-is',
                    localIdentName: production ? `${name}_[hash:base64:6]` : `${name}__[local]__[hash:base64:4]`,
                  },
                },
              },
            ],
          },
          // plain CSS only in the shell (it owns the page); a remote that imports one fails the build
          {
            test: /\.css$/,
            exclude: /\.module\.css$/,
            use: isRemote ? [require.resolve('./no-global-css.js')] : ['style-loader', 'css-loader'],
          },
          { test: /\.(png|jpe?g|gif|svg|webp)$/i, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          ...(isRemote ? { filename: 'remoteEntry.js', exposes, manifest: manifestWithPages(name, pages) } : {}),
          // the shell registers its remotes at run time from /mf/remotes.json: none at build time
          remotes: {},
          shared: sharedConfig(pkg, dir),
          // a remote that cannot be fetched must not blank the shell (STACK.md)
          shareStrategy: 'loaded-first',
          dts: false,
          // browser-only apps: the runtime drops its Node.js script loading
          experiments: { optimization: { target: 'web' } },
        }),
        new DefinePlugin(
          Object.fromEntries(
            Object.keys(env).map((key) => [`process.env.${key}`, JSON.stringify(process.env[key] ?? env[key])]),
          ),
        ),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'index.html'),
          title,
          // a remote's index.html is its standalone page; the shell's is the site
          filename: 'index.html',
          // main.js?<build hash>: a new build is never served from an old cached main.js
          hash: true,
        }),
        // .br and .gz beside each file for the gateway to send (the dev server compresses on its own)
        ...(production ? [new PrecompressPlugin()] : []),
      ],
      optimization: {
        splitChunks: {
          cacheGroups: {
            // Each icon is a shared module of its own (SINGLETONS), so by default each gets a chunk,
            // with its own copy of the icon component and clsx: antd alone asks for ~50. One chunk
            // holds them all.
            antdIcons: {
              test: /[\\/]node_modules[\\/](@ant-design[\\/]icons(-svg)?|clsx)[\\/]/,
              name: 'antd-icons',
              chunks: 'async',
              enforce: true,
              priority: 20,
            },
          },
        },
      },
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: {
        port,
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        // the shell fetches remote manifests and chunks from other dev origins
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { runtimeErrors: false } },
        proxy: [
          { context: ['/api', '/media'], target: GATEWAY_TARGET, changeOrigin: false },
          ...(isRemote ? [] : [{ context: ['/mf', '/mfe', '/socket.io'], target: GATEWAY_TARGET, ws: true }]),
        ],
      },
    };
  };
}

module.exports = { createConfig, SINGLETONS };
