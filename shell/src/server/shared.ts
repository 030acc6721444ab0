import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
// the shared router module as a whole, as the browser build shares it (what apps import of it is linted)
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import * as router from 'react-router-dom';
import * as antd from 'antd';
import * as reactQuery from '@tanstack/react-query';
import * as zustand from 'zustand';
import * as sdk from '@swapstuff/sdk';
import * as sdkUi from '@swapstuff/sdk/ui';
import * as sdkQuery from '@swapstuff/sdk/query';
import * as contracts from '@swapstuff/contracts';

/**
 * What the shell's server build gives every remote's (build/webpack.server.js, SERVER_SHARED): one React,
 * one router, one antd, one query library and one SDK render the whole page, as the shell's browser build
 * provides them to the remotes in the browser. The gateway hands these to a remote's server bundle as the
 * modules it requires.
 */
export const shared: Record<string, unknown> = {
  react: React,
  'react/jsx-runtime': jsxRuntime,
  'react-dom': ReactDOM,
  'react-router-dom': router,
  antd,
  '@tanstack/react-query': reactQuery,
  zustand,
  '@swapstuff/sdk': sdk,
  '@swapstuff/sdk/ui': sdkUi,
  '@swapstuff/sdk/query': sdkQuery,
  '@swapstuff/contracts': contracts,
};
