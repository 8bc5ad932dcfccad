// The direction of imports between folders (docs/decisions/0043-server-layers.md). Run by `npm run lint`.

const SERVER_TIERS = require('./server-tiers.cjs');

const tierRules = SERVER_TIERS.map((tier, index) => ({
  name: `tier-${index + 1}-imports-lower-tiers`,
  comment: `${tier.join(', ')} import only domains of lower tiers (SERVER_TIERS).`,
  severity: 'error',
  from: { path: `^server/(${tier.join('|')})/` },
  to: {
    path: `^server/(${SERVER_TIERS.slice(index).flat().join('|')})/`,
    pathNot: ['^server/$1/', '-tables\\.ts$'],
  },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...tierRules,
    {
      name: 'no-folder-circle',
      comment:
        "No two folders import each other, directly or through others. The server's folders are checked by tools/structure-report.mjs --check (npm run lint), which leaves out imports of table files (lint refuses another domain's; structure-report prints their reach).",
      severity: 'error',
      scope: 'folder',
      from: { path: '^(web|core)/' },
      to: { circular: true },
    },
    // server rules: platform below, domains above it, app/ the one place that knows every module.
    {
      name: 'platform-is-below',
      comment:
        'The platform (database, HTTP, errors, limits, jobs, mail, SMS, MQTT, relays, settings) knows no domain.',
      severity: 'error',
      from: { path: '^server/platform/' },
      to: { path: '^server/(?!platform/)' },
    },
    {
      name: 'errors-are-leaves',
      comment: 'HttpError, TooManyRequests and the server messages import nothing of ours but core.',
      severity: 'error',
      from: { path: '^server/platform/errors/' },
      to: { path: '^server/(?!platform/errors/)' },
    },
    {
      name: 'only-app-wires',
      comment: 'Routes and job handlers are registered in server/app; nothing below imports it.',
      severity: 'error',
      from: { path: '^server/(?!app/|main\\.ts$)' },
      to: { path: '^server/app/' },
    },
    {
      name: 'product-not-tests-or-tools',
      comment: 'The product never imports tests, tools, benchmarks or the other side (server ↔ web).',
      severity: 'error',
      from: { path: '^(server|web|core)/' },
      to: { path: '^(test|tools|bench|e2e)/' },
    },
    {
      name: 'sides-apart',
      severity: 'error',
      from: { path: '^(server|core)/' },
      to: { path: '^web/' },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      from: { path: '^(web|core)/' },
      to: { path: '^server/' },
    },
    {
      name: 'simulator-shares-through-core',
      comment: 'The relay simulator is a stand-in device: it shares code with the server only through core/.',
      severity: 'error',
      from: { path: '^tools/relay-simulator/' },
      to: { path: '^(server|test)/' },
    },

    // Each domain owns its tables (docs/decisions/0081-each-domain-owns-its-tables.md).
    {
      name: 'tables-owned-by-their-domain',
      comment:
        "A domain reads and changes another domain's data through that domain's functions, never its tables (table files may reference each other's keys).",
      severity: 'error',
      from: { path: '^server/([^/]+)/', pathNot: '-tables\\.ts$' },
      to: { path: '-tables\\.ts$', pathNot: '^server/$1/' },
    },
    {
      name: 'no-tables-in-routes',
      comment:
        "A route parses, authorizes, calls its domain and answers: queries live in the domain's store files (biome also refuses drizzle-orm there).",
      severity: 'error',
      from: { path: '-routes\\.ts$' },
      to: { path: '-tables\\.ts$' },
    },

    // web rules
    // Layers, lowest first: ui (primitives) and api; auth (on api); widgets; shell; features.
    {
      name: 'web-ui-is-primitive',
      comment: 'web/ui holds primitives: it imports libraries, core and web/ui, nothing else of web.',
      severity: 'error',
      from: { path: '^web/ui/' },
      to: { path: '^web/', pathNot: '^web/ui/' },
    },
    {
      name: 'web-api-at-the-bottom',
      comment: 'web/api imports only core and web/api: no ui (callers show toasts), no auth (auth sits on api).',
      severity: 'error',
      from: { path: '^web/api/' },
      to: { path: '^web/', pathNot: '^web/api/' },
    },
    {
      name: 'web-auth-on-api',
      comment: 'web/auth builds on web/api and web/ui only.',
      severity: 'error',
      from: { path: '^web/auth/' },
      to: { path: '^web/', pathNot: '^web/(auth|api|ui)/' },
    },
    {
      name: 'web-features-on-top',
      comment: 'Nothing below a screen (ui, api, auth, widgets, shell) imports a feature.',
      severity: 'error',
      from: { path: '^web/', pathNot: '^web/features/|^web/[^/]+$' },
      to: { path: '^web/features/' },
    },
    {
      name: 'web-features-apart',
      comment: 'A feature imports no other feature; what two share moves to web/widgets or web/ui.',
      severity: 'error',
      from: { path: '^web/features/([^/]+)/' },
      to: { path: '^web/features/', pathNot: '^web/features/$1/' },
    },
    {
      name: 'web-dashboard-tabs-apart',
      comment: 'A dashboard tab imports no other tab, only dashboard/shared.',
      severity: 'error',
      from: { path: '^web/features/dashboard/([^/]+)/' },
      to: { path: '^web/features/dashboard/', pathNot: '^web/features/dashboard/($1|shared)/' },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    // The TypeScript compiler parses every file (a generic arrow such as `<Row>(rows) =>` stops the
    // default JavaScript parser, which then silently lists no imports for the file).
    parser: 'tsc',
    tsPreCompilationDeps: true,
    exclude: { path: '\\.(test|spec)\\.tsx?$|node_modules' },
    doNotFollow: { path: 'node_modules' },
  },
};
