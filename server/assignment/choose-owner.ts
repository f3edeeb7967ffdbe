/**
 * The round robin, as a pure function over what the pass read: the rules (in order), who may
 * receive leads, and how many open New Lead leads each holds. It moves each rule's place and the
 * counts as it goes, so one batch of leads is spread exactly as one lead at a time would be.
 */

export interface RuleState {
  id: string;
  name: string;
  course_type: number | null;
  location: number | null;
  cap: number | null;
  member_ids: string[];
  /** The member who got the rule's last lead (where the round robin continues). */
  last_user_id: string | null;
}

export interface LeadToAssign {
  course_type: number | null;
  location: number;
}

export type Choice =
  | { kind: 'assigned'; rule: RuleState; ownerId: string }
  /** A rule matched, but every eligible member is at the cap (or none is eligible): admins are told. */
  | { kind: 'full'; rule: RuleState }
  /** No enabled rule matches: the lead stays unassigned, as before rules existed. */
  | { kind: 'none' };

export function matchingRule(rules: readonly RuleState[], lead: LeadToAssign): RuleState | null {
  return (
    rules.find(
      (rule) =>
        (rule.course_type === null || rule.course_type === lead.course_type) && (rule.location === null || rule.location === lead.location),
    ) ?? null
  );
}

/**
 * The next member after the rule's place who is eligible and under the cap; updates the rule's
 * place and the member's open count. `openCounts` holds every eligible member (0 when none open).
 */
export function chooseOwner(rules: readonly RuleState[], lead: LeadToAssign, openCounts: Map<string, number>): Choice {
  const rule = matchingRule(rules, lead);
  if (!rule) return { kind: 'none' };
  const members = rule.member_ids;
  const start = rule.last_user_id ? members.indexOf(rule.last_user_id) + 1 : 0;
  for (let step = 0; step < members.length; step += 1) {
    const candidate = members[(start + step) % members.length] as string;
    const open = openCounts.get(candidate);
    if (open === undefined) continue; // inactive, or never set a password
    if (rule.cap !== null && open >= rule.cap) continue;
    openCounts.set(candidate, open + 1);
    rule.last_user_id = candidate;
    return { kind: 'assigned', rule, ownerId: candidate };
  }
  return { kind: 'full', rule };
}
