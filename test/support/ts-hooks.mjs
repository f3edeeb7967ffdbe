/**
 * Module hooks that let a child process run the TypeScript sources as jest does (SWC, native ESM,
 * extensionless relative imports): `node --import ./test/support/ts-loader.mjs child.ts`.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transform } from '@swc/core';

const TS = /\.tsx?$/;

export async function resolve(specifier, context, next) {
  if (context.parentURL && TS.test(context.parentURL) && (specifier.startsWith('./') || specifier.startsWith('../'))) {
    const base = new URL(specifier, context.parentURL).href;
    for (const candidate of TS.test(base) ? [base] : [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
      if (existsSync(fileURLToPath(candidate))) return { url: candidate, shortCircuit: true };
    }
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (!TS.test(url)) return next(url, context);
  const filename = fileURLToPath(url);
  const { code } = await transform(await readFile(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript', tsx: url.endsWith('.tsx') }, target: 'es2022' },
    module: { type: 'es6' },
  });
  return { format: 'module', source: code, shortCircuit: true };
}
