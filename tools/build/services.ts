/**
 * `npm run build:services`: each service's entry bundled into one ES module of plain JavaScript
 * (`<package>/dist/main.js`), which `node` runs with no TypeScript loader.
 *
 * Our own packages (@lectio/*) are bundled, since their exports point at TypeScript sources;
 * every npm package stays an import from node_modules, so the production install is the
 * dependencies listed in the workspaces' package.json files, and native or WASM packages
 * (PGlite) load their files as they always do.
 *
 * Sources that find their data beside them (`new URL('../data/x', import.meta.url)`) would look
 * next to the bundle instead; each such `import.meta.url` is rewritten to the URL of its source
 * file, relative to the bundle, so library/data and query-service/data are read where they are.
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The entries: `npm start`'s one process, the three services of the compose file, and the rebuild CLI. */
const ENTRIES = [
  'standalone/src/main.ts',
  'command-service/src/main.ts',
  'query-service/src/main.ts',
  'projections/src/main.ts',
  'projections/src/rebuild-cli.ts',
];

const bundleFile = (outRoot: string, entry: string) =>
  join(outRoot, entry.split('/')[0]!, 'dist', `${entry.split('/').pop()!.replace(/\.ts$/, '')}.js`);

/** Bare imports of npm packages stay imports; @lectio/* and relative imports are bundled. */
const npmPackagesExternal: Plugin = {
  name: 'npm-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@lectio/') ? undefined : { path: args.path, external: true },
    );
  },
};

function sourceUrls(outFile: string): Plugin {
  return {
    name: 'import-meta-url-of-source',
    setup(b) {
      b.onLoad({ filter: /\.tsx?$/ }, (args) => {
        if (args.path.includes('/node_modules/')) return undefined;
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        const fromBundle = relative(dirname(outFile), args.path);
        return {
          contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`),
          loader: 'ts',
        };
      });
    },
  };
}

/** Builds every entry into `<outRoot>/<package>/dist/`; answers the npm packages the bundles import. */
export async function buildServices(
  outRoot = root,
): Promise<{ files: { file: string; bytes: number }[]; npmImports: string[] }> {
  const files: { file: string; bytes: number }[] = [];
  const npmImports = new Set<string>();
  for (const entry of ENTRIES) {
    const outfile = bundleFile(outRoot, entry);
    const result = await build({
      entryPoints: [join(root, entry)],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: 'linked',
      legalComments: 'none',
      logLevel: 'warning',
      metafile: true,
      plugins: [npmPackagesExternal, sourceUrls(outfile)],
    });
    for (const input of Object.values(result.metafile.inputs))
      for (const i of input.imports)
        if (i.external && /^[^./]/.test(i.path) && !i.path.startsWith('node:')) npmImports.add(packageName(i.path));
    files.push({ file: outfile, bytes: statSync(outfile).size });
  }
  return { files, npmImports: [...npmImports].sort() };
}

/** `gpt-tokenizer/models` is package `gpt-tokenizer`; `@fastify/static` is itself. */
const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now();
  const { files } = await buildServices();
  for (const f of files) console.log(`${relative(root, f.file)}: ${(f.bytes / 1024).toFixed(0)} KB`);
  console.log(`services built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
