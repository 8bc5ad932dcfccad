// The direction of imports between folders (see docs/decisions: "one direction"). Run by `npm run lint`.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-circle',
      comment: 'No two folders import each other, directly or through others.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^(server|web|core)/' },
      to: { circular: true },
    },
    // server rules

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
    exclude: { path: '\\.(test|spec)\\.tsx?$|node_modules' },
    doNotFollow: { path: 'node_modules' },
  },
};
