/** How the next-payout rule's answers read (the rule itself is app/domain/schedules.ts). */

/** "Overdue by 1 day", "Overdue by 12 days". */
export const overdueText = (days: number) => `Overdue by ${days} day${days === 1 ? "" : "s"}`;
