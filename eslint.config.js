import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['build/', '.react-router/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // SQL lives in features/ (DESIGN.md rule 1, decision 0079): routes, gates, the HTTP helpers and the
    // UI pass the database handle on to a feature function and never build a query with it.
    files: ['app/**/*.{ts,tsx}', 'server.ts'],
    ignores: ['app/features/**', 'app/db/**', 'app/seed/**', 'app/jobs.server.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'kysely', message: 'Queries live in app/features: call a feature function (decision 0079).' }] }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|transaction|connection|executeQuery|withRecursive)$/]",
          message: 'Queries live in app/features: call a feature function (decision 0079).',
        },
      ],
    },
  },
  {
    // ui/ holds only what no area owns (fields, dialog, toast, pager, shells): an area's views live
    // in features/<area>/components/, so nothing here reaches up into a feature, a gate or a route.
    files: ['app/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', message: 'Queries live in app/features: call a feature function (decision 0079).' }],
          patterns: [{ group: ['~/features/*', '~/auth/*', '~/http/*', '~/routes/*'], message: "An area's view lives in features/<area>/components/ (decision 0080)." }],
        },
      ],
    },
  },
  {
    files: ['e2e/**', 'tests/**'],
    rules: {
      // Playwright's fixtures: `use` is the fixture's hand-over, and `{}` a fixture that needs none.
      'react-hooks/rules-of-hooks': 'off',
      'no-empty-pattern': 'off',
      // A focused test left in would skip the rest of the suite (CI also sets forbidOnly).
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name=/^(test|it|describe)$/][property.name='only']", message: 'No .only: every test runs.' },
        { selector: "MemberExpression[object.object.name=/^(test|it|describe)$/][property.name='only']", message: 'No .only: every test runs.' },
      ],
    },
  },
)
