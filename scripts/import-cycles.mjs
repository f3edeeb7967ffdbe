#!/usr/bin/env node
/**
 * `npm run lint` (part): fails on any circle of imports between the project's own modules, with
 * `import type` counted like any other import (a type-only circle still ties two modules together,
 * and a later edit turns it into a runtime one). ESLint's import-x/no-cycle skips type-only
 * imports, and madge 8 requires TypeScript 5, so this reads the imports with the project's own
 * TypeScript and resolves them as tsconfig.json does.
 * Usage: node scripts/import-cycles.mjs [project folder]   (prints each circle, exits 1 if there is one)
 */
import { join, relative, resolve } from 'node:path';
import { projectImports } from './project-imports.mjs';

const ROOT = resolve(process.argv[2] ?? join(import.meta.dirname, '..'));
/** file -> the project files it imports (static, dynamic and type-only imports, and re-exports). */
const { files, imports } = projectImports(ROOT);

/** Tarjan's strongly connected components: each component of more than one file holds a circle. */
function components() {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (file) => {
    index.set(file, index.size);
    low.set(file, index.get(file));
    stack.push(file);
    onStack.add(file);
    for (const next of imports.get(file)) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file), index.get(next)));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || imports.get(file).includes(file)) found.push(component);
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return found;
}

/** One shortest circle through the component's first file, for the message. */
function circleThrough(component) {
  const members = new Set(component);
  const start = component[0];
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of imports.get(file).filter((target) => members.has(target))) {
      if (next === start) {
        const path = [file];
        while (cameFrom.get(path[0])) path.unshift(cameFrom.get(path[0]));
        return [...path, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return component;
}

const circles = components();
for (const component of circles) {
  const circle = circleThrough(component);
  const others = component.filter((file) => !circle.includes(file)).map((file) => relative(ROOT, file));
  const knot = others.length > 0 ? ` (more circles through ${others.join(', ')})` : '';
  console.error(`import circle: ${circle.map((file) => relative(ROOT, file)).join(' -> ')}${knot}`);
}
if (circles.length > 0) process.exit(1);
console.log(`No import circles among ${files.length} modules.`);
