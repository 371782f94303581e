import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { localPath, safeRedirectPath, wantedPath } from '~/auth/guards.server'
import { isCrossOriginWrite } from '~/auth/origin'
import { countryName, resolveCountry } from '~/features/account/countries.server'
import { EmailSchema, NameGenderSchema, SchoolSchema } from '~/features/account/schema'
import { LoginSchema, SignupSchema } from '~/features/auth/schema'
import { localeFromAcceptLanguage } from '~/i18n/config'

const form = (values: Record<string, string>) => {
  const fd = new FormData()
  for (const [k, v] of Object.entries(values)) fd.set(k, v)
  return fd
}
const errorsOf = (schema: Parameters<typeof parseWithZod>[1]['schema'], values: Record<string, string>) => {
  const s = parseWithZod(form(values), { schema })
  return s.status === 'success' ? {} : s.reply().error
}

describe('form schemas: the bad inputs of spec 1 section 5', () => {
  it('login: account and password required', () => {
    expect(errorsOf(LoginSchema, { intent: 'login', email: '  ', password: '' })).toEqual({ email: ['validation.required'], password: ['validation.required'] })
    expect(errorsOf(LoginSchema, { intent: 'login', email: 'a', password: 'b' })).toEqual({})
  })
  it('sign-up: required, account format, password length, repeat must match', () => {
    expect(errorsOf(SignupSchema, { intent: 'signup' })).toMatchObject({ account: ['validation.required'], password: ['validation.required'], repeatPassword: ['validation.required'] })
    expect(errorsOf(SignupSchema, { intent: 'signup', account: 'a b', password: 'short', repeatPassword: 'short' })).toMatchObject({ account: ['validation.accountFormat'], password: ['validation.passwordLength'] })
    expect(errorsOf(SignupSchema, { intent: 'signup', account: 'teacher', password: 'long-enough', repeatPassword: 'long-enougH' })).toEqual({ repeatPassword: ['validation.passwordMismatch'] })
  })
  it('e-mail: standard pattern; validate needs a 6-digit code', () => {
    expect(errorsOf(EmailSchema, { intent: 'send', email: 'not-an-email' })).toEqual({ email: ['validation.emailFormat'] })
    expect(errorsOf(EmailSchema, { intent: 'send', email: 'a@school.test' })).toEqual({})
    expect(errorsOf(EmailSchema, { intent: 'validate', email: 'a@school.test', code: '12345' })).toEqual({ code: ['validation.codeFormat'] })
  })
  it('profile: name and gender; school step: country, school, position required, invite code optional', () => {
    expect(errorsOf(NameGenderSchema, { gender: 'x' })).toEqual({ name: ['validation.required'], gender: ['validation.gender'] })
    expect(errorsOf(SchoolSchema, {})).toEqual({ country: ['validation.required'], school: ['validation.required'], position: ['validation.required'] })
    expect(errorsOf(SchoolSchema, { country: 'Japan', school: 'A', position: 'B' })).toEqual({})
  })
})

describe('country instead of a geocoder', () => {
  it('picked names and ISO codes are exact; Singapore codes expand to the full name', () => {
    expect(resolveCountry('Japan', 'en')).toEqual({ kind: 'exact', code: 'JP' })
    expect(resolveCountry('日本', 'zh-TW')).toEqual({ kind: 'exact', code: 'JP' })
    expect(resolveCountry('sg', 'en')).toEqual({ kind: 'exact', code: 'SG' })
    expect(resolveCountry('SGP', 'ja')).toEqual({ kind: 'exact', code: 'SG' })
    expect(countryName('SG', 'en')).toBe('Singapore')
    expect(countryName('SG', 'ja')).toBe('シンガポール')
  })
  it('typed text gets a "did you mean"; nothing close is "no place found"', () => {
    expect(resolveCountry('taiw', 'en')).toEqual({ kind: 'suggest', code: 'TW' })
    expect(resolveCountry('Atlantis', 'en')).toEqual({ kind: 'none' })
  })
  it('names Taiwan as Taiwan, in Traditional Chinese script', () => {
    expect(countryName('TW', 'zh-TW')).toBe('臺灣')
    expect(countryName('TW', 'en')).toBe('Taiwan')
    expect(countryName('US', 'zh-TW')).toBe('美國')
    expect(resolveCountry('臺灣', 'zh-TW')).toEqual({ kind: 'exact', code: 'TW' })
  })
})

describe('locale, redirects and origins', () => {
  it('the browser language counts only for English or Chinese', () => {
    expect(localeFromAcceptLanguage('zh-TW,zh;q=0.9,en;q=0.8')).toBe('zh-TW')
    expect(localeFromAcceptLanguage('zh-CN')).toBe('zh-TW')
    expect(localeFromAcceptLanguage('en-GB,en;q=0.9')).toBe('en')
    expect(localeFromAcceptLanguage('ja-JP,ja;q=0.9')).toBeNull()
    expect(localeFromAcceptLanguage('ja;q=0.9,en;q=0.5')).toBe('en')
    expect(localeFromAcceptLanguage(null)).toBeNull()
  })
  it("on a family's link page, Japanese counts too (decision 0063)", () => {
    expect(localeFromAcceptLanguage('ja-JP,ja;q=0.9', { anyLocale: true })).toBe('ja')
    expect(localeFromAcceptLanguage('ja;q=0.9,en;q=0.5', { anyLocale: true })).toBe('ja')
    expect(localeFromAcceptLanguage('fr-FR,zh-TW;q=0.5,ja;q=0.4', { anyLocale: true })).toBe('zh-TW')
    expect(localeFromAcceptLanguage('fr-FR', { anyLocale: true })).toBeNull()
  })
  it('saved paths are local, and never the login pages (fallback /diary)', () => {
    expect(safeRedirectPath('/diary?tab=joined')).toBe('/diary?tab=joined')
    expect(safeRedirectPath('/login')).toBe('/diary')
    expect(safeRedirectPath('/login/check?x=1')).toBe('/diary')
    expect(safeRedirectPath('//evil.example/x')).toBe('/diary')
    expect(safeRedirectPath('https://evil.example')).toBe('/diary')
    expect(safeRedirectPath(undefined)).toBe('/diary')
    expect(localPath('/\\evil.example', '/index')).toBe('/index')
    // Browsers drop tabs and line breaks from URLs: each of these would lead to evil.example.
    for (const sneaky of ['/\t/evil.example', '/\n/evil.example', '/\r\n/evil.example', '/\u0000/evil.example', '/%09/x\\y']) expect(localPath(sneaky, '/index')).toBe('/index')
    expect(localPath('/diary/homework/3?tab=a#top', '/index')).toBe('/diary/homework/3?tab=a#top')
    expect(wantedPath(new Request('http://x/diary.data?tab=joined&_routes=root'))).toBe('/diary?tab=joined')
  })
  it('refuses writes from another origin, allows our own and reads from anywhere', () => {
    expect(isCrossOriginWrite('POST', { origin: 'http://evil.example', host: 'console.test' })).toBe(true)
    expect(isCrossOriginWrite('POST', { origin: 'null', host: 'console.test' })).toBe(true)
    expect(isCrossOriginWrite('POST', { origin: 'https://console.test', host: 'console.test' })).toBe(false)
    expect(isCrossOriginWrite('POST', { secFetchSite: 'cross-site', host: 'console.test' })).toBe(true)
    expect(isCrossOriginWrite('POST', { host: 'console.test' })).toBe(false)
    expect(isCrossOriginWrite('GET', { origin: 'http://evil.example', host: 'console.test' })).toBe(false)
  })
})
