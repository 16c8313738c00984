/** Lint fences: imports flow shared <- features <- app, never sideways between client features. */
module.exports = {
  forbidden: [
    {
      name: 'shared-is-pure',
      comment: 'src/shared is the contract: it imports neither the server nor the client',
      severity: 'error',
      from: { path: '^src/shared' },
      to: { path: '^src/(server|client)' },
    },
    {
      name: 'shared-no-runtime-deps',
      comment: 'src/shared runs on both sides: no node or browser-only packages',
      severity: 'error',
      from: { path: '^src/shared' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'server-not-client',
      severity: 'error',
      from: { path: '^src/server' },
      to: { path: '^src/client' },
    },
    {
      name: 'client-not-server',
      severity: 'error',
      from: { path: '^src/client' },
      to: { path: '^src/server' },
    },
    {
      name: 'no-cross-feature-client',
      comment: 'a client feature never imports another feature; lift shared code to lib/ or components/',
      severity: 'error',
      from: { path: '^src/client/features/([^/]+)/' },
      to: { path: '^src/client/features/([^/]+)/', pathNot: '^src/client/features/$1/' },
    },
    {
      name: 'no-cross-feature-server',
      comment:
        'a server feature uses another only through its service and policy, never its routes; a type (a cache handed in by the app) may be named',
      severity: 'error',
      from: { path: '^src/server/features/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^src/server/features/([^/]+)/',
        pathNot: ['^src/server/features/$1/', '\\.(service|policy)\\.ts$'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'lower-layers-not-app',
      comment: 'features, lib and components never import the app layer',
      severity: 'error',
      from: { path: '^src/client/(features|lib|components)' },
      to: { path: '^src/client/app' },
    },
    {
      name: 'shared-code-not-features',
      comment:
        'components/ and lib/ are the shared lower layer: they never import a feature (a screen that needs one lives in app/)',
      severity: 'error',
      from: { path: '^src/client/(components|lib)/' },
      to: { path: '^src/client/features/' },
    },
    {
      name: 'env-not-features',
      comment: 'env.ts validates configuration only: it imports no feature, plugin or database code',
      severity: 'error',
      from: { path: '^src/server/env\\.ts$' },
      to: { path: '^src/server/(features|plugins|db)/' },
    },
    {
      name: 'db-is-the-bottom',
      comment:
        'db/ (schema, client, migrations, seed) is the lowest server layer: it imports no lib, plugin or feature',
      severity: 'error',
      from: { path: '^src/server/db/' },
      to: { path: '^src/server/(lib|plugins|features)/' },
    },
    {
      name: 'server-lib-not-above',
      comment: 'lib/ is below plugins/ and features/: it never imports them',
      severity: 'error',
      from: { path: '^src/server/lib/' },
      to: { path: '^src/server/(plugins|features)/' },
    },
    {
      name: 'product-not-tests',
      comment:
        'product code never imports tests/ (fixtures, fakes, harnesses live there); only test files may',
      severity: 'error',
      from: { path: '^src/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^tests/' },
    },
    {
      name: 'server-not-bench',
      comment:
        'the server and its tests never import the benchmarks; tooling both use lives in tests/support',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^bench/' },
    },
    {
      name: 'support-not-bench',
      comment: 'tests/support is the lower layer the benchmarks and the fault tests share',
      severity: 'error',
      from: { path: '^tests/support/' },
      to: { path: '^(bench|src/server|tests/(server|fakes|faults|security|e2e))/' },
    },
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
