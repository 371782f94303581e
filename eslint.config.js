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
