/**
 * One spelling of the words people read (issue 31): "adviser", as the site has always written it,
 * never "advisor", in any text of the site, the widget, the e-mails or the seed content. Read from
 * the source files, so a new page or mail cannot bring the other spelling back.
 */
import fs from 'node:fs';
import path from 'node:path';

const FOLDERS = ['site', 'server', 'widget', 'src'];

function sourceFiles(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ts|tsx|html|css)$/.test(name))
    .map((name) => path.join(folder, name));
}

test('"adviser" is the only spelling (advisory locks are another word)', () => {
  const found = FOLDERS.flatMap(sourceFiles).flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) => (/\badvisors?\b/i.test(line) ? [`${file}:${index + 1}`] : [])),
  );
  expect(found).toEqual([]);
});
