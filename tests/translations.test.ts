import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { LOCALES } from '~/i18n/config'
import { withCachedTranslations } from '~/i18n/middleware.server'
import { resources } from '~/i18n/resources'

// Every key of every locale, translated with values by the cached path and by i18next itself.
function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keysOf(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]))
}
const values = { name: 'Amy', count: 3, n: 2, owner: 'Mr Lee', code: 'AB12', title: 'A day', journal: 'Class 5', score: 40, max: 80, limit: 50, taken: 7, email: 'a@b.test' }

describe('cached translations', () => {
  for (const lng of LOCALES) {
    it(`give what i18next gives, in ${lng}`, () => {
      const init = { lng, resources, fallbackLng: 'en', interpolation: { escapeValue: false }, initAsync: false } as const
      const reference = i18next.createInstance()
      void reference.init(init)
      const fast = i18next.createInstance()
      void fast.init(init)
      withCachedTranslations(fast, lng)
      const keys = keysOf(resources[lng].translation)
      expect(keys.length).toBeGreaterThan(100)
      for (const key of keys) {
        const t = (i: typeof fast, ...rest: unknown[]) => (i.t as unknown as (k: string, ...r: unknown[]) => string)(key, ...rest)
        expect(t(fast, values), key).toBe(t(reference, values))
        expect(t(fast), key).toBe(t(reference))
        expect(t(fast, { name: 'only a name' }), key).toBe(t(reference, { name: 'only a name' }))
      }
    })
  }
})
