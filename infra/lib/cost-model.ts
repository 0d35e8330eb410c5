/**
 * The monthly AWS cost of a stage for a given number of owners (docs/capacity.md, section "Monthly cost"),
 * computed from the synthesized template's own settings (memory sizes, schedules, alarms, web ACL rules,
 * secrets, Cognito plan, backups) and the per-owner usage below. infra/runbook-docs.test.ts keeps the
 * document's tables equal to what this computes, so a change to the stack that moves the cost shows up there
 * (`npx tsx infra/print-cost-tables.ts` prints the current tables).
 */

import { REQUEST_PROFILES, secondsAt, type RequestProfile } from './memory-sizing';

/** us-east-1 list prices in USD, without free tiers (they are per account and shared with everything else). */
export const PRICES = {
  lambdaArmGbSecond: 0.0000133334,
  lambdaRequest: 0.2 / 1e6,
  httpApiRequest: 1 / 1e6,
  webSocketMessage: 1 / 1e6,
  webSocketConnectionMinute: 0.25 / 1e6,
  dynamoReadUnit: 0.125 / 1e6,
  dynamoWriteUnit: 0.625 / 1e6,
  dynamoStorageGbMonth: 0.25,
  dynamoPitrGbMonth: 0.2,
  backupWarmGbMonth: 0.1,
  backupColdGbMonth: 0.03,
  cloudFrontRequest: 0.01 / 1e4,
  cloudFrontGbOut: 0.085,
  wafWebAclMonth: 5,
  wafRuleMonth: 1,
  wafRequest: 0.6 / 1e6,
  /** Per monthly active user, by the pool's feature plan (UserPoolTier); Plus has no free tier. */
  cognitoMau: { LITE: 0.0055, ESSENTIALS: 0.015, PLUS: 0.02 } as Record<string, number>,
  secretMonth: 0.4,
  alarmMonth: 0.1,
  dashboardMonth: 3,
  customMetricMonth: 0.3,
  logsIngestGb: 0.5,
  logsStoreGbMonth: 0.03,
  sesEmail: 0.1 / 1000,
} as const;

/**
 * What one owner's business does in a month (the same shape of call as docs/capacity.md's capacity model:
 * three-minute calls). Change these, not the document: the test prints the new tables.
 */
export const USAGE_PER_OWNER = {
  /** Answered calls, each `callMinutes` long. */
  calls: 150,
  callMinutes: 3,
  /** ConversationRelay `prompt`s per call (one socket invocation each) and `text` messages per reply. */
  relayPromptsPerCall: 30,
  relayTextMessagesPerReply: 8,
  /** Twilio webhooks per call (incoming call, status callback, end of the relay session). */
  twilioWebhooksPerCall: 3,
  /** Texts received (each one webhook whose reply the assistant writes before answering). */
  textsReceived: 120,
  /** Dashboard: API requests through CloudFront, page loads of the site. */
  dashboardRequests: 600,
  sitePageLoads: 20,
  siteFilesPerLoad: 15,
  siteMbPerLoad: 0.4,
  /** DynamoDB request units per relay turn, per text, per dashboard request, per owner per sweep. */
  turnReadUnits: 8,
  turnWriteUnits: 6,
  textReadUnits: 15,
  textWriteUnits: 10,
  dashboardReadUnits: 4,
  sweepReadUnitsPerOwner: 1,
  sweepSecondsPerOwner: 0.005,
  /** Table size after a year (conversations with their turns, appointments, settings). */
  tableMb: 30,
  /** Conversation summaries and the daily digest. */
  emails: 220,
  /** One sign-in per month at least: the owner is a monthly active user. */
  activeUsers: 1,
  /** Log bytes per function invocation (JSON lines) and per access-logged request. */
  logKbPerInvocation: 1.5,
  accessLogKbPerRequest: 0.6,
} as const;

/** Fixed per stage: a scheduled run's own time, and the EMF metrics (names × dimension sets) the app emits. */
const SCHEDULED_RUN_SECONDS = 0.3;
const CUSTOM_METRICS = 12;
const DAYS_PER_MONTH = 30;

export interface CostSettings {
  readonly memoryGb: Readonly<Record<'api' | 'telephony' | 'socket' | 'notifications', number>>;
  readonly scheduledRunsPerMonth: number;
  readonly alarms: number;
  readonly dashboards: number;
  readonly secrets: number;
  readonly webAcls: number;
  readonly webAclRules: number;
  readonly cognitoTier: string;
  readonly pointInTimeRecovery: boolean;
  /** Table copies AWS Backup keeps at any time, in warm and in cold storage. */
  readonly backupCopies: { readonly warm: number; readonly cold: number };
  readonly functionLogDays: number;
}

type CfnResource = { Type: string; Properties?: Record<string, unknown> };

const FUNCTION_IDS = {
  api: 'ApiFunction',
  telephony: 'TelephonyFunction',
  socket: 'SocketFunction',
  notifications: 'NotificationsFunction',
} as const;

/** Runs per month of an EventBridge schedule: rate(N minutes|hours|days) or cron(minute hour …). */
export function runsPerMonth(expression: string): number {
  const rate = /^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$/.exec(expression);
  if (rate) {
    const perDay = { minute: 1440, hour: 24, day: 1 }[rate[2]!.replace(/s$/, '') as 'minute'];
    return (perDay / Number(rate[1])) * DAYS_PER_MONTH;
  }
  const cron = /^cron\((\S+) (\S+) (\S+)/.exec(expression);
  if (!cron) throw new Error(`Unknown schedule expression: ${expression}`);
  const [, minute, hour, day] = cron;
  const perHour = minute === '*' ? 60 : minute!.split(',').length;
  const hoursPerDay = hour === '*' ? 24 : hour!.split(',').length;
  return perHour * hoursPerDay * (day === '*' || day === '?' ? DAYS_PER_MONTH : day!.split(',').length);
}

/** The settings that cost money, read from a synthesized template (Template.toJSON()). */
export function costSettingsOf(template: { Resources: Record<string, CfnResource> }): CostSettings {
  const resources = Object.entries(template.Resources);
  const ofType = (type: string) => resources.filter(([, r]) => r.Type === type);
  const memoryOf = (prefix: string) => {
    const found = ofType('AWS::Lambda::Function').find(([id]) => id.startsWith(prefix));
    if (!found) throw new Error(`No function ${prefix} in the template`);
    return Number(found[1].Properties!.MemorySize ?? 128) / 1024;
  };
  const rules = ofType('AWS::WAFv2::WebACL').flatMap(([, acl]) => (acl.Properties!.Rules as unknown[]) ?? []);
  const pool = ofType('AWS::Cognito::UserPool')[0]?.[1];
  const table = ofType('AWS::DynamoDB::Table')[0]?.[1];
  const plan = ofType('AWS::Backup::BackupPlan')[0]?.[1];
  const backupRules =
    (plan?.Properties!.BackupPlan as { BackupPlanRule?: Array<Record<string, unknown>> } | undefined)
      ?.BackupPlanRule ?? [];
  let warm = 0;
  let cold = 0;
  for (const rule of backupRules) {
    const { DeleteAfterDays: keep = 0, MoveToColdStorageAfterDays: toCold } = (rule.Lifecycle ?? {}) as {
      DeleteAfterDays?: number;
      MoveToColdStorageAfterDays?: number;
    };
    const runs = runsPerMonth(String(rule.ScheduleExpression)) / DAYS_PER_MONTH; // copies per day
    const copies = Math.round(keep * runs);
    const warmCopies =
      toCold === undefined ? copies : Math.min(copies, Math.max(1, Math.round(toCold * runs)));
    warm += warmCopies;
    cold += copies - warmCopies;
  }
  const functionLogs = ofType('AWS::Logs::LogGroup')
    .filter(([id]) => Object.values(FUNCTION_IDS).some((prefix) => id.startsWith(prefix)))
    .map(([, group]) => Number(group.Properties!.RetentionInDays));
  return {
    memoryGb: {
      api: memoryOf(FUNCTION_IDS.api),
      telephony: memoryOf(FUNCTION_IDS.telephony),
      socket: memoryOf(FUNCTION_IDS.socket),
      notifications: memoryOf(FUNCTION_IDS.notifications),
    },
    scheduledRunsPerMonth: ofType('AWS::Events::Rule')
      .map(([, rule]) => rule.Properties!.ScheduleExpression)
      .filter((expression): expression is string => typeof expression === 'string')
      .reduce((sum, expression) => sum + runsPerMonth(expression), 0),
    alarms: ofType('AWS::CloudWatch::Alarm').length,
    dashboards: ofType('AWS::CloudWatch::Dashboard').length,
    secrets: ofType('AWS::SecretsManager::Secret').length,
    webAcls: ofType('AWS::WAFv2::WebACL').length,
    webAclRules: rules.length,
    cognitoTier: String(pool?.Properties!.UserPoolTier ?? 'ESSENTIALS'),
    pointInTimeRecovery: Boolean(
      (table?.Properties!.PointInTimeRecoverySpecification as { PointInTimeRecoveryEnabled?: boolean })
        ?.PointInTimeRecoveryEnabled,
    ),
    backupCopies: { warm, cold },
    functionLogDays: Math.max(...functionLogs),
  };
}

export interface CostLine {
  readonly item: string;
  readonly usd: number;
}

/** The month's cost by service for `owners` owners. */
export function monthlyCost(settings: CostSettings, owners: number): CostLine[] {
  const u = USAGE_PER_OWNER;
  const p = PRICES;
  const n = owners;
  const prompts = u.calls * u.relayPromptsPerCall;
  // A request's billed time depends on the memory it runs with: its CPU-bound part scales (memory-sizing.ts).
  const gbSecondsOf = (request: RequestProfile, memoryGb: number) =>
    secondsAt(request, memoryGb * 1024) * memoryGb;
  const r = REQUEST_PROFILES;
  const gbSeconds =
    n *
      (prompts * gbSecondsOf(r.relayTurn, settings.memoryGb.socket) +
        u.calls * u.twilioWebhooksPerCall * gbSecondsOf(r.twilioWebhook, settings.memoryGb.telephony) +
        u.textsReceived * gbSecondsOf(r.smsTurn, settings.memoryGb.telephony) +
        u.dashboardRequests * gbSecondsOf(r.apiRequest, settings.memoryGb.api)) +
    settings.scheduledRunsPerMonth *
      (SCHEDULED_RUN_SECONDS + n * u.sweepSecondsPerOwner) *
      settings.memoryGb.notifications;
  const httpRequests = n * (u.calls * u.twilioWebhooksPerCall + u.textsReceived + u.dashboardRequests);
  const invocations =
    n * (u.calls * (u.relayPromptsPerCall + 2) + u.calls * u.twilioWebhooksPerCall + u.textsReceived) +
    n * u.dashboardRequests +
    settings.scheduledRunsPerMonth;
  const socketMessages = n * u.calls * (u.relayPromptsPerCall * (1 + u.relayTextMessagesPerReply) + 2);
  const cloudFrontRequests = httpRequests + n * u.sitePageLoads * u.siteFilesPerLoad;
  const readUnits =
    n *
    (prompts * u.turnReadUnits +
      u.textsReceived * u.textReadUnits +
      u.dashboardRequests * u.dashboardReadUnits +
      settings.scheduledRunsPerMonth * u.sweepReadUnitsPerOwner);
  const writeUnits = n * (prompts * u.turnWriteUnits + u.textsReceived * u.textWriteUnits);
  const tableGb = (n * u.tableMb) / 1024;
  const logGb =
    (invocations * u.logKbPerInvocation + (httpRequests + socketMessages / 4) * u.accessLogKbPerRequest) /
    1024 /
    1024;
  const logStoredGb = logGb * (settings.functionLogDays / DAYS_PER_MONTH);
  const mauPrice = p.cognitoMau[settings.cognitoTier] ?? p.cognitoMau.ESSENTIALS!;

  return [
    { item: 'Lambda (4 functions)', usd: gbSeconds * p.lambdaArmGbSecond + invocations * p.lambdaRequest },
    {
      item: 'API Gateway (HTTP + WebSocket)',
      usd:
        httpRequests * p.httpApiRequest +
        socketMessages * p.webSocketMessage +
        n * u.calls * u.callMinutes * p.webSocketConnectionMinute,
    },
    {
      item: 'DynamoDB (on demand, PITR, AWS Backup)',
      usd:
        readUnits * p.dynamoReadUnit +
        writeUnits * p.dynamoWriteUnit +
        tableGb * p.dynamoStorageGbMonth +
        (settings.pointInTimeRecovery ? tableGb * p.dynamoPitrGbMonth : 0) +
        tableGb *
          (settings.backupCopies.warm * p.backupWarmGbMonth +
            settings.backupCopies.cold * p.backupColdGbMonth),
    },
    {
      item: `Cognito (${settings.cognitoTier.toLowerCase()} plan)`,
      usd: n * u.activeUsers * mauPrice,
    },
    {
      item: 'CloudFront',
      usd:
        cloudFrontRequests * p.cloudFrontRequest +
        ((n * u.sitePageLoads * u.siteMbPerLoad) / 1024) * p.cloudFrontGbOut,
    },
    {
      item: `WAF (${settings.webAcls} web ACL, ${settings.webAclRules} rule${settings.webAclRules === 1 ? '' : 's'})`,
      usd:
        settings.webAcls * p.wafWebAclMonth +
        settings.webAclRules * p.wafRuleMonth +
        (settings.webAcls ? cloudFrontRequests * p.wafRequest : 0),
    },
    { item: `Secrets Manager (${settings.secrets} secrets)`, usd: settings.secrets * p.secretMonth },
    {
      item: `CloudWatch (${settings.alarms} alarms, dashboard, metrics, logs)`,
      usd:
        settings.alarms * p.alarmMonth +
        settings.dashboards * p.dashboardMonth +
        CUSTOM_METRICS * p.customMetricMonth +
        logGb * p.logsIngestGb +
        logStoredGb * p.logsStoreGbMonth,
    },
    { item: 'SES (e-mails)', usd: n * u.emails * p.sesEmail },
  ];
}

const usd = (value: number) =>
  `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const count = (value: number) => value.toLocaleString('en-US');

/** The document's cost table: one row per service, one column per owner count, and the total. */
export function renderCostTable(
  settings: CostSettings,
  ownerCounts: readonly number[] = [1, 100, 1000],
): string {
  const columns = ownerCounts.map((owners) => monthlyCost(settings, owners));
  const header = `| Service | ${ownerCounts.map((owners) => `${count(owners)} owner${owners === 1 ? '' : 's'}`).join(' | ')} |`;
  const rule = `| --- | ${ownerCounts.map(() => '---:').join(' | ')} |`;
  const rows = columns[0]!.map(
    (line, index) => `| ${line.item} | ${columns.map((lines) => usd(lines[index]!.usd)).join(' | ')} |`,
  );
  const total = `| **Total per month** | ${columns.map((lines) => `**${usd(lines.reduce((sum, l) => sum + l.usd, 0))}**`).join(' | ')} |`;
  return [header, rule, ...rows, total].join('\n');
}
