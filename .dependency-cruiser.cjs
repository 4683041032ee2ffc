/**
 * The architecture's import rules, checked by `pnpm deps:check` (part of `pnpm test`):
 * each package reaches another only through its package name (packages/*) and never into another's
 * tests, nothing imports in a circle, the admin's features stand alone, the API's domain modules
 * never import its plugins or routes, and the shared contract stays free of Node and server code
 * so browsers can load it.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-reaching-into-another-package',
      comment: 'Apps and test suites share code through packages/* (imported by name), never by a path into another one.',
      severity: 'error',
      from: { path: '^(api|admin|site|e2e|bench|scripts|deploy)/' },
      to: { path: '^(api|admin|site|e2e|bench|scripts|deploy)/', pathNot: '^$1/' },
    },
    {
      name: 'no-reaching-into-another-packages-tests',
      comment:
        "A package's tests and their support are its own (packages/test-support is what suites share): no import of another package's test/ folder or *.test file.",
      severity: 'error',
      from: { path: '^((?:packages/)?[^/]+/)' },
      to: { path: '(^|/)test/|\\.test\\.[cm]?[jt]sx?$', pathNot: '^($1|node_modules/)' },
    },
    {
      name: 'admin-features-stand-alone',
      comment:
        'An admin feature (admin/src/features/<f>/) imports the shared folders only, never another feature: the routes in admin/src/app compose them.',
      severity: 'error',
      from: { path: '^admin/src/features/([^/]+)/' },
      to: { path: '^admin/src/features/', pathNot: '^admin/src/features/$1/' },
    },
    {
      name: 'api-domain-below-plugins-and-routes',
      comment:
        "The API's domain modules and plumbing (api/src/<module>/, config.ts, cli.ts) are what its plugins and routes call: they never import a plugin or a route (app.ts and server.ts put them together).",
      severity: 'error',
      from: { path: '^api/src/', pathNot: '^api/src/(plugins/|routes/|app\\.ts$|server\\.ts$)' },
      to: { path: '^api/src/(plugins|routes)/' },
    },
    {
      name: 'api-plugins-below-routes',
      comment: 'An API plugin decorates the app for the routes: it never imports one (app.ts registers both).',
      severity: 'error',
      from: { path: '^api/src/plugins/' },
      to: { path: '^api/src/routes/' },
    },
    {
      name: 'packages-stand-alone',
      comment: 'A package in packages/ depends on other packages only, never on an app.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^(api|admin|site|e2e|bench|scripts|deploy)/' },
    },
    {
      name: 'no-circular',
      comment: 'An import circle makes the order of evaluation matter and the modules inseparable.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-runs-in-browsers',
      comment: 'packages/shared is loaded by the admin and the site pages: no Node built-in, no server library.',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: {
        dependencyTypesNot: ['type-only'],
        path: '(^node:|node_modules/(fastify|@fastify|drizzle-orm|better-sqlite3|minio|sharp|nodemailer|sanitize-html|argon2)/)',
      },
    },
    {
      name: 'no-unresolvable',
      comment: 'Every import resolves, each package using only what its package.json declares.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '^astro:' },
    },
    {
      name: 'shared-no-node-builtins',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { dependencyTypes: ['core'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.astro|\\.cache)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    moduleSystems: ['es6', 'cjs'],
  },
};
