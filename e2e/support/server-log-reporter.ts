import fs from 'node:fs';
import type { FullResult, Reporter } from '@playwright/test/reporter';
import { serverLogFile } from '../servers';

/**
 * When a journey failed, the server's own warnings and errors (its log stays under e2e/.data/<run>/ on the
 * machine, which CI's reader does not have): what the api and the gateway saw while the journeys ran.
 */
export default class ServerLogReporter implements Reporter {
  onEnd(result: FullResult): void {
    if (result.status === 'passed' || !fs.existsSync(serverLogFile)) return;
    const notable = fs
      .readFileSync(serverLogFile, 'utf8')
      .split('\n')
      // every answer of 400 and up is logged at warn: those the journeys asked for are many and tell little
      .filter((line) => /"level":(40|50|60)/.test(line) && !/"msg":"(slow request|request completed)"/.test(line));
    if (notable.length === 0) return;
    console.log(`\nThe server's warnings and errors (${serverLogFile}), the last 40 of ${notable.length}:`);
    for (const line of notable.slice(-40)) console.log(line.slice(0, 2000));
  }

  printsToStdio(): boolean {
    return true;
  }
}
