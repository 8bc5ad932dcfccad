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
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '\\.(test|spec)\\.tsx?$|node_modules' },
    doNotFollow: { path: 'node_modules' },
  },
};
