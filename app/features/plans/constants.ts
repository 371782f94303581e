/** Pay functions of spec 2 section 6, keyed as in the pay-function map. */
export const PAY_FUNCTIONS = {
  studentList: 'f3',
  cases: 'f4',
  collection: 'f5',
  returnedPosts: 'f6',
  export: 'f7',
  report: 'f8',
  revise: 'f13',
  aiSuggestions: 'f24',
} as const
export type PayFunctionId = (typeof PAY_FUNCTIONS)[keyof typeof PAY_FUNCTIONS]
export const PAY_FUNCTION_IDS = Object.values(PAY_FUNCTIONS)

/** Plans the console sells. `level` 0 is the free plan (spec 2: lock blocks at plan level 0). */
export const PLANS = {
  free: { level: 0, studentLimit: 30, numberLimit: 1, paid: [] as PayFunctionId[] },
  standard: { level: 1, studentLimit: 200, numberLimit: 1, paid: PAY_FUNCTION_IDS },
  team: { level: 2, studentLimit: 1000, numberLimit: 30, paid: PAY_FUNCTION_IDS },
} as const
export type PlanCode = keyof typeof PLANS

/** Team plan history statuses (spec 1 section 4). */
export const TEAM_PLAN_STATUS = { notStarted: 0, inProgress: 1, cancelled: -1, ended: -2, stopped: -3 } as const
