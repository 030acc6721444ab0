/**
 * One webpack configuration for the shell and the four remotes, so that every app compiles,
 * shares and names its files the same way (ARCHITECTURE.md §3). Each app's webpack.config.js
 * calls `createConfig` with what differs: its federation name, what it exposes, its dev port.
 */
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { DefinePlugin } = require('webpack');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { MANIFEST_KEY, readPageDeclarations } = require('@swapstuff/contracts');
const { PrecompressPlugin } = require('./precompress');
const { componentPaths } = require('./antd-per-component');
const { ChunkReportPlugin } = require('./chunk-report');
const { createServerConfig } = require('./webpack.server');

/**
 * Shared singletons. Every app lists these in its own package.json; the version each app asks for
 * comes from there. `react/` and `react-dom/` share the subpaths (react/jsx-runtime,
 * react-dom/client) that would otherwise load twice.
 *
 * A shared module cannot be tree-shaken (another app may need any of its exports), so what is shared
 * must be what is used:
 *  - `antd/` is shared per component: the sources import `{ Button } from 'antd'`, which
 *    ./antd-per-component.js turns into `antd/es/button` at build time, so a page loads only the
 *    components it renders. The shell provides every component of antd (antdComponentShares); in
 *    production a remote only consumes them (`import: false`), so the page holds ONE copy of antd:
 *    its internals (the theme and App contexts of config-provider and app, cssinjs' style cache) are
 *    one instance, and a remote's components read what the shell's ConfigProvider and App set. A
 *    remote built for development keeps antd as its fallback for its standalone page;
 *  - of `@ant-design/icons/`, only its context (es/components/Context, which antd's ConfigProvider
 *    sets) is shared: an icon holds no state, and each shared module costs every remote entry a
 *    provide and a consume record, so each app bundles the icons it uses (deep imports,
 *    `@ant-design/icons/BellOutlined`; the package root, every icon at once, is never imported: lint
 *    rule in eslint.config.mjs);
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
  'antd/',
  '@ant-design/icons/',
  'zustand',
  '@swapstuff/sdk',
  '@swapstuff/sdk/ui',
  '@swapstuff/sdk/query',
  '@tanstack/react-query',
  '@swapstuff/contracts',
];

/** Options of a share key beyond singleton and version. */
const SHARE_OPTIONS = {
  // the icons' context, which antd's ConfigProvider sets, reached by antd's deep import and by the
  // icons' own relative one (./Context): matched by its path under node_modules
  '@ant-design/icons/': { allowNodeModulesSuffixMatch: true, include: { request: /^es\/components\/Context$/ } },
};

/**
 * The shell's provides of antd: every component (antd/es/button …), each its own lazily loaded chunk,
 * whether the shell renders it or only a remote does. An absolute `import` is provided even when no
 * module of the shell imports it.
 */
function antdComponentShares(requiredVersion) {
  const { version } = require('antd/package.json');
  return Object.fromEntries(
    [...componentPaths().values()].map((request) => [
      request,
      { singleton: true, requiredVersion, eager: false, import: require.resolve(request), version },
    ]),
  );
}

/** The package a share key belongs to: 'react/' → react, '@swapstuff/sdk/ui' → @swapstuff/sdk. */
function packageOf(key) {
  const parts = key.split('/');
  return key.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** The packages the share keys belong to: react, react-dom, antd … (each once). */
const SHARED_PACKAGES = [...new Set(SINGLETONS.map(packageOf))];

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
 * A runtime plugin every app's federation runtime applies: each shared module loaded in a task of its own
 * (its file says why). Its source is the shell's; each app bundles it in its own entry.
 */
const YIELD_BETWEEN_SHARES = path.join(__dirname, '..', 'shell', 'src', 'federation', 'yieldBetweenShares.ts');

/** The runtime plugin by which the shell gives the remotes its federation runtime (experiments below). */
const EXTERNAL_RUNTIME_PLUGIN = {
  cjs: require.resolve('@module-federation/inject-external-runtime-core-plugin'),
  esm: path.join(path.dirname(require.resolve('@module-federation/inject-external-runtime-core-plugin')), 'index.js'),
};

/**
 * Where the gateway listens in development. Every dev page (the shell's and each remote's standalone
 * page) reaches the api through it, as the site does: cookies are per host, not per port, so a session
 * signed in on http://localhost:3000 also works on a remote's standalone page.
 */
const GATEWAY_TARGET = process.env.GATEWAY_URL || `http://localhost:${process.env.PORT || 3000}`;

function sharedConfig(pkg, dir, { isRemote, production }) {
  const deps = pkg.dependencies || {};
  const shared = Object.fromEntries(
    SINGLETONS.map((key) => {
      const base = packageOf(key);
      const requiredVersion = deps[base];
      if (!requiredVersion) throw new Error(`${pkg.name} shares ${key} but does not list ${base} in its package.json`);
      // never eager: every app starts behind an async boundary (index.ts → import('./bootstrap')).
      // In production the browser is not given the range to check (see sharedRequirements).
      const config = {
        singleton: true,
        requiredVersion: production ? false : requiredVersion,
        eager: false,
        ...SHARE_OPTIONS[key],
      };
      if (PROVIDED[key]) {
        const { version } = require(require.resolve(`${base}/package.json`, { paths: [dir] }));
        Object.assign(config, { import: PROVIDED[key], version });
      }
      // a production remote takes antd from the shell only (see SINGLETONS)
      if (key === 'antd/' && isRemote && production) config.import = false;
      return [key, config];
    }),
  );
  return isRemote ? shared : { ...shared, ...antdComponentShares(production ? false : deps.antd) };
}

/**
 * The version range an app needs of each shared package, from its package.json: { react: '^19.2.0', … }.
 *
 * Checked once, by the gateway, when it reads a remote's manifest (bff/src/gateway/remote-manifests.ts),
 * not by every visitor's browser: the federation runtime checks each shared module's range with its own
 * semver parser as the page starts, a few dozen regular expressions built and run on the phone's main
 * thread (bench: about a third of the shell's first long task), and for a singleton that is not
 * `strictVersion` the outcome is only a console warning; the page uses the shell's copy either way. So a
 * production build gives the runtime no range (requiredVersion: false), and the gateway logs a remote whose
 * ranges the shell's versions do not meet, for whoever deployed it. A development build keeps the
 * runtime's check: a remote's standalone page has no gateway check before it.
 */
function sharedRequirements(pkg) {
  const deps = pkg.dependencies || {};
  return Object.fromEntries(SHARED_PACKAGES.map((base) => [base, deps[base]]));
}

/** The version the shell provides of each shared package (what its node_modules hold), for that check. */
function sharedVersions(dir) {
  return Object.fromEntries(
    SHARED_PACKAGES.map((base) => {
      const { version } = require(require.resolve(`${base}/package.json`, { paths: [dir] }));
      return [base, version];
    }),
  );
}

/** mf-manifest.json, with what the gateway reads of it under `metaData[MANIFEST_KEY]`. */
function manifestWith(data) {
  return {
    fileName: 'mf-manifest.json',
    additionalData: ({ stats }) => {
      stats.metaData[MANIFEST_KEY] = data;
      return stats;
    },
  };
}

/**
 * A remote's manifest publishes the pages it declares (contracts/src/pages.ts), which the gateway passes on
 * to the shell, and the ranges it needs of the shared packages (sharedRequirements); a declaration with any
 * problem fails the build instead of reaching the site. The shell's publishes the versions it provides.
 */
function manifestOf({ name, dir, pkg, isRemote, pages }) {
  if (!isRemote) return manifestWith({ provides: sharedVersions(dir) });
  const { problems } = readPageDeclarations(pages);
  if (problems.length > 0) throw new Error(`${name}: src/pages.json: ${problems.join('; ')}`);
  return manifestWith({ pages, requires: sharedRequirements(pkg) });
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
 * @param {string[]} [options.runtimePlugins] federation runtime plugins applied as the app's instance starts
 *                                     (besides YIELD_BETWEEN_SHARES, which every app applies)
 * @param {boolean} [options.firstView] a remote whose pages the gateway renders for visitors (webpack.server.js):
 *                                     its ./App is also built for the server (the shell always is)
 */
function createConfig({ dir, name, exposes, pages, port, title, env = {}, runtimePlugins = [], firstView = false }) {
  const pkg = require(path.join(dir, 'package.json'));
  const isRemote = Boolean(exposes);
  const localIdentName = (production) => (production ? `${name}_[hash:base64:6]` : `${name}__[local]__[hash:base64:4]`);
  // `process.env.X` in the code: the app's settings (its value when built, '' when unset) and its name
  const define = Object.fromEntries([
    ...Object.keys(env).map((key) => [`process.env.${key}`, JSON.stringify(process.env[key] ?? env[key])]),
    ['process.env.FEDERATION_NAME', JSON.stringify(name)],
  ]);
  // CSS modules' <style> tags, unless the page has the app's CSS already (style-insert.js)
  const styleLoader = { loader: 'style-loader', options: { insert: require.resolve('./style-insert.js') } };

  return (_env, argv) => {
    const production = (argv && argv.mode) === 'production' || process.env.NODE_ENV === 'production';
    const browser = browserConfig(production);
    if (!production || (isRemote && !firstView)) return browser;
    return [
      browser,
      createServerConfig({
        dir,
        name,
        entry: isRemote ? exposes['./App'] : './src/server/index.tsx',
        outputPath: path.join(browser.output.path, 'server'),
        filename: isRemote ? 'app.js' : 'first-view.js',
        localIdentName: localIdentName(true),
        define,
      }),
    ];
  };

  function browserConfig(production) {
    return {
      name: 'browser',
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
        alias: {
          'react-router$': path.join(reactRouterDist, 'index.mjs'),
          // provideExternalRuntime adds this plugin by its CommonJS file, which would bundle a second
          // (CommonJS) copy of the federation runtime beside the one the shell runs on; its ES module
          // hands the remotes that very one
          [EXTERNAL_RUNTIME_PLUGIN.cjs]: EXTERNAL_RUNTIME_PLUGIN.esm,
        },
      },
      module: {
        rules: [
          {
            // antd's @rc-component/* packages have no side effects but do not say so: without this, a
            // component that takes one export of a package (antd's form context takes FormProvider) brings
            // every module its index re-exports (all of @rc-component/form and async-validator, on every page)
            test: /[\\/]node_modules[\\/]@rc-component[\\/]/,
            sideEffects: false,
          },
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: [
              // runs last, on swc's output: `import { Button } from 'antd'` → antd/es/button (SINGLETONS)
              require.resolve('./antd-per-component.js'),
              {
                loader: 'swc-loader',
                options: {
                  jsc: {
                    parser: { syntax: 'typescript', tsx: true },
                    transform: { react: { runtime: 'automatic', development: !production } },
                    target: 'es2020',
                  },
                },
              },
            ],
          },
          {
            // CSS modules only: no global selectors, since remotes share the page without isolation
            test: /\.module\.css$/,
            use: [
              styleLoader,
              {
                loader: 'css-loader',
                options: {
                  modules: {
                    namedExport: false,
                    exportLocalsConvention: 'as-is',
                    localIdentName: localIdentName(production),
                  },
                },
              },
            ],
          },
          // plain CSS only in the shell (it owns the page); a remote that imports one fails the build
          {
            test: /\.css$/,
            exclude: /\.module\.css$/,
            use: isRemote ? [require.resolve('./no-global-css.js')] : [styleLoader, 'css-loader'],
          },
          { test: /\.(png|jpe?g|gif|svg|webp)$/i, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          ...(isRemote ? { filename: 'remoteEntry.js', exposes } : {}),
          manifest: manifestOf({ name, dir, pkg, isRemote, pages }),
          // the shell registers its remotes at run time from /mf/remotes.json: none at build time
          remotes: {},
          shared: sharedConfig(pkg, dir, { isRemote, production }),
          // a remote that cannot be fetched must not blank the shell (STACK.md)
          shareStrategy: 'loaded-first',
          runtimePlugins: [YIELD_BETWEEN_SHARES, ...runtimePlugins],
          dts: false,
          experiments: {
            // browser-only apps: the runtime drops its Node.js script loading
            optimization: { target: 'web' },
            // One federation runtime for the page: the shell's, which it hands to every remote entry,
            // so a remoteEntry.js no longer carries its own copy (28 KB gz → the size budget's 12).
            // Production only: a remote's standalone dev page has no shell to provide it.
            ...(production ? (isRemote ? { externalRuntime: true } : { provideExternalRuntime: true }) : {}),
          },
        }),
        new DefinePlugin(define),
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
        // ANALYZE=1: <app>/bundle-report.txt, what each chunk holds (chunk-report.js)
        ...(process.env.ANALYZE ? [new ChunkReportPlugin(path.join(dir, 'bundle-report.txt'))] : []),
      ],
      optimization: {
        // swc's minifier, not webpack's default terser: the shell's build (every antd component a chunk of its
        // own) took 181 s with terser and takes 48 s with swc on CI's two cores, for the same bytes within a
        // percent (bench/size-budget.json is checked on the result in CI)
        minimizer: [
          new MinimizerPlugin({
            minify: MinimizerPlugin.swcMinify,
            minimizerOptions: { ecma: 2020, compress: { passes: 2 }, mangle: true },
          }),
        ],
        splitChunks: {
          // Modules that several shared components need (antd's trigger, motion, util…) get a chunk of their
          // own from 8 KB up, not a copy inside each component's chunk: webpack's 20 KB default put the
          // same 10 KB of @rc-component/trigger in four files of the home page.
          minSize: 8192,
          cacheGroups: {
            // The icons an app uses, its own and antd's (~50), in one chunk rather than one per
            // component that shows them.
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
      // the icons' files outside the include filter of SHARE_OPTIONS are meant to be each app's own
      ignoreWarnings: [/"singleton: true" is used together with "include\.request/],
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
  }
}

module.exports = { createConfig, SINGLETONS };
