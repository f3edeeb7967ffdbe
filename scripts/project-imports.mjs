/**
 * The project's own modules and what each imports (static, dynamic and type-only imports, and
 * re-exports), resolved with the project's TypeScript as tsconfig.json does. Read by
 * scripts/import-cycles.mjs and scripts/feature-boundaries.mjs.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const FOLDERS = ['src', 'widget', 'site', 'server', 'scripts', 'test'];
const MODULE = /\.(ts|tsx|mts|mjs)$/;

/** `{ files, imports }`: absolute paths, and file -> the project files it imports. */
export function projectImports(root) {
  const { config } = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);
  options.allowJs = true; // scripts/*.mjs import each other

  const files = FOLDERS.filter((folder) => existsSync(join(root, folder))).flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && MODULE.test(entry.name) && !entry.name.endsWith('.d.ts'))
      .map((entry) => join(entry.parentPath, entry.name)),
  );
  const known = new Set(files);
  const imports = new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles
        .map(({ fileName }) => ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName)
        .filter((target) => target !== undefined && known.has(target));
      return [file, [...new Set(targets)]];
    }),
  );
  return { files, imports };
}
