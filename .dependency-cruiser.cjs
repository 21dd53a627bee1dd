/**
 * The architecture rules of DESIGN.md that code review alone would let slip:
 * services never import each other, libraries never import services or the app, and nothing imports in a cycle.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cross-service-imports',
      comment: 'A service talks to another over HTTP or events, never by importing its code.',
      severity: 'error',
      from: { path: '^services/([^/]+)/' },
      to: { path: '^services/', pathNot: '^services/$1/' }
    },
    {
      name: 'libs-stay-below-services',
      comment: 'Shared libraries serve every service; they cannot depend on one.',
      severity: 'error',
      from: { path: '^libs/' },
      to: { path: '^(services|apps)/' }
    },
    {
      name: 'services-do-not-import-the-app',
      comment: 'The app composes services; a service importing it would be a cycle of packages.',
      severity: 'error',
      from: { path: '^services/' },
      to: { path: '^apps/' }
    },
    {
      name: 'no-circular',
      comment: 'Import cycles make start-up order and reasoning fragile.',
      severity: 'error',
      from: {},
      to: { circular: true }
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true }
    }
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // static/: files served to browsers as they are, whose imports are URLs on Signet's origin, not modules here.
    exclude: { path: '(^|/)(node_modules|dist|\\.data|static)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] }
  }
};
