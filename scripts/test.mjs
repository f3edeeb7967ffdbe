#!/usr/bin/env node
/**
 * `npm test`: the whole suite in two phases.
 *   1. Every test except `test/budgets/`, three workers (unit, API, browser; jest.config.mjs).
 *   2. `test/budgets/` one file at a time with nothing else running: a timing budget measured beside
 *      a Chromium suite measures the neighbour, not the code (issue 24's 200 registrations took
 *      1.9 s alone and 13.7 s beside two browser suites in CI).
 * With arguments (`npm test -- test/api/foo.test.ts -t name`) jest runs just what they name.
 */
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const env = { ...process.env, NODE_OPTIONS: [process.env.NODE_OPTIONS, '--experimental-vm-modules'].filter(Boolean).join(' ') };
const jest = (jestArgs) => spawnSync('npx', ['jest', ...jestArgs], { stdio: 'inherit', env }).status ?? 1;

if (args.length > 0) process.exit(jest(args));
const suite = jest(['--testPathIgnorePatterns', '/test/budgets/']);
const budgets = jest(['--runInBand', 'test/budgets/']);
process.exit(suite || budgets);
