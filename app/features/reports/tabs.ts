/** The report's four tabs (spec 2 report charts) and its URLs: the journal's, or one student's. */
export const REPORT_TABS = ['trend', 'pie', 'bar', 'radar'] as const
export type ReportTab = (typeof REPORT_TABS)[number]

export const reportPath = (journalId: number, studentId?: number) => (studentId ? `/diary/homework/${journalId}/student/${studentId}/report` : `/diary/homework/${journalId}/report`)
