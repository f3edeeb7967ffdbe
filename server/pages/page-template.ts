/**
 * The built shell (dist/site/index.html) as a template for server-rendered pages, and the chunk
 * graph (dist/site-chunks.json) that says which files a page's code needs, so they are preloaded.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface PageParts {
  head: string;
  app: string;
  data: string;
}

interface ChunkInfo {
  module: string | null;
  imports: string[];
  isEntry: boolean;
}

export class PageTemplate {
  private constructor(
    private readonly shell: string,
    private readonly chunks: Record<string, ChunkInfo>,
  ) {}

  static load(distDir: string): PageTemplate | null {
    const file = path.join(distDir, 'site', 'index.html');
    if (!fs.existsSync(file)) return null;
    const chunksFile = path.join(distDir, 'site-chunks.json');
    const chunks = fs.existsSync(chunksFile) ? (JSON.parse(fs.readFileSync(chunksFile, 'utf8')) as Record<string, ChunkInfo>) : {};
    return new PageTemplate(fs.readFileSync(file, 'utf8'), chunks);
  }

  /** The page: the template's default head block replaced, the app markup and the data inserted. */
  fill(parts: PageParts): string {
    return this.shell
      .replace(/<!--head-->[\s\S]*?<!--\/head-->/, () => parts.head)
      .replace('<!--app-->', () => parts.app)
      .replace('<!--data-->', () => parts.data);
  }

  /** The client-rendered shell (the CRM): the default head, plus `extraHead`. */
  plain(extraHead: string): string {
    return this.shell
      .replace(/<!--head-->([\s\S]*?)<!--\/head-->/, (_all, defaults: string) => `${defaults.trim()}\n    ${extraHead}`)
      .replace('<!--app-->', '')
      .replace('<!--data-->', '');
  }

  /** The chunk of the page module `moduleName` and the chunks it imports, entry excluded (already loaded). */
  preloadsFor(moduleName: string | null): string[] {
    if (!moduleName) return [];
    const suffix = `/${moduleName}.tsx`;
    const start = Object.keys(this.chunks).find((file) => this.chunks[file]?.module?.endsWith(suffix));
    if (!start) return [];
    const seen = new Set<string>();
    const visit = (file: string) => {
      const chunk = this.chunks[file];
      if (seen.has(file) || !chunk || chunk.isEntry) return;
      seen.add(file);
      chunk.imports.forEach(visit);
    };
    visit(start);
    return [...seen];
  }
}
