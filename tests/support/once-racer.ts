// One process of the one-time key's race (tests/http/form-keys.test.ts): opens the database given on
// the command line, waits for the start time, sends a form with the given key through `once` to
// an action that takes 300 ms and writes one row, and prints the answer it got as JSON.
import { connect } from '~/db/connect.server'
import { readForm } from '~/http/form.server'
import { onceIn } from '~/http/once.server'
import { ONCE_FIELD } from '~/shared/once'

const [target, key, who, startAt] = process.argv.slice(2)
const { db } = connect(target.startsWith('postgres') ? { databaseUrl: target } : { sqliteFile: target })
const action = onceIn(async () => db, async ({ request }: { request: Request }) => {
  await readForm(request)
  await new Promise((r) => setTimeout(r, 300))
  await db.insertInto('once_race' as never).values({ who } as never).execute()
  return { savedBy: who }
})
await new Promise((r) => setTimeout(r, Math.max(0, Number(startAt) - Date.now())))
const body = new URLSearchParams({ [ONCE_FIELD]: key, text: 'hello' })
const answer = await action({ request: new Request('http://school.test/s/journal/1/new', { method: 'POST', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }) })
console.log(JSON.stringify(answer))
await db.destroy()
