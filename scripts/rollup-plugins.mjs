/** Small rollup plugins of our own: copying files and writing the site's HTML shell. */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Empties an output folder before a build writes it, so hashed files of earlier builds are not
 * left behind (the server serves everything in dist/site).
 */
export function cleanOutput(dir) {
  return {
    name: 'clean-output',
    buildStart() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Deletes files of a folder whose names match, before a build (hashed chunks of earlier builds). */
export function removeFiles(dir, pattern) {
  return {
    name: 'remove-files',
    buildStart() {
      let names = [];
      try {
        names = readdirSync(dir);
      } catch {
        return;
      }
      for (const name of names) if (pattern.test(name)) rmSync(join(dir, name), { force: true });
    },
  };
}

/** Copies files verbatim after the bundle is written. */
export function copyFiles(pairs) {
  return {
    name: 'copy-files',
    writeBundle() {
      for (const { from, to } of pairs) {
        mkdirSync(dirname(to), { recursive: true });
        copyFileSync(from, to);
      }
    },
  };
}

/**
 * Concatenates the libraries' stylesheets (`libraryCss`, files from node_modules, used as shipped)
 * and site/styles/*.css (in name order) into one hashed stylesheet and writes
 * index.html from the template, with the entry script, its static imports preloaded and the
 * stylesheet linked. `%SCRIPTS%` and `%STYLES%` in the template are replaced.
 */
export function siteShell({ cssDir, template, libraryCss = [] }) {
  return {
    name: 'site-shell',
    generateBundle(_options, bundle) {
      const own = readdirSync(cssDir)
        .filter((f) => f.endsWith('.css'))
        .sort()
        .map((f) => join(cssDir, f));
      const css = [...libraryCss, ...own].map((file) => readFileSync(file, 'utf8')).join('\n');
      const cssRef = this.emitFile({ type: 'asset', name: 'site.css', source: minifyCss(css) });
      const entry = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
      if (!entry) this.error('site entry chunk not found');
      const preloads = entry.imports.map((file) => `<link rel="modulepreload" href="/${file}">`).join('\n    ');
      const html = readFileSync(template, 'utf8')
        .replace('%STYLES%', `<link rel="stylesheet" href="/${this.getFileName(cssRef)}">`)
        .replace('%SCRIPTS%', `<script type="module" src="/${entry.fileName}"></script>\n    ${preloads}`);
      this.emitFile({ type: 'asset', fileName: 'index.html', source: html });
    },
    writeBundle(options, bundle) {
      // The chunk graph, for scripts/size.mjs (kept outside the served folder).
      const chunks = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        chunks[chunk.fileName] = {
          isEntry: chunk.isEntry,
          module: chunk.facadeModuleId ? chunk.facadeModuleId.replace(process.cwd() + '/', '') : null,
          imports: chunk.imports,
          dynamicImports: chunk.dynamicImports,
        };
      }
      writeFileSync(join(options.dir, '..', 'site-chunks.json'), JSON.stringify(chunks, null, 2));
    },
  };
}

/**
 * One TypeScript program for all the builds of one run (`rollup -c`, scripts/build.mjs).
 * @rollup/plugin-typescript compiles every file of its `include` when a build starts and answers
 * `load` from the files it emitted, which it keeps in memory; four builds meant four programs, each
 * parsing, binding and emitting the same ~400 files. One instance shared by the builds compiles at
 * the first build's start and serves every later build from that emit. Not for watch mode, where
 * each build's program re-emits what changed. The program emits source maps (the server's build
 * wants them); the plugin's check that output and compiler agree on source maps is left to the
 * builds that write them, as the browser builds drop the maps as before.
 */
export function sharedAcrossBuilds(typescriptPlugin) {
  let compiled = false;
  return {
    ...typescriptPlugin,
    buildStart(options) {
      if (compiled) return;
      compiled = true;
      typescriptPlugin.buildStart.call(this, options);
    },
    renderStart(outputOptions, inputOptions) {
      if (outputOptions.sourcemap) typescriptPlugin.renderStart.call(this, outputOptions, inputOptions);
    },
  };
}

/** Comment and whitespace removal; enough for hand-written CSS, no dependency needed. */
export function minifyCss(css) {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim();
}
