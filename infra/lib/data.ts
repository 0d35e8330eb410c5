import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BackupPlan, BackupPlanRule, BackupResource, BackupVault } from 'aws-cdk-lib/aws-backup';
import { Schedule } from 'aws-cdk-lib/aws-events';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { APP_TABLE } from '../../backend/src/data/table-definition';

/** Days each AWS Backup copy is kept (cold storage needs at least 90 days after the move). */
export const BACKUP_RETENTION_DAYS = { daily: 35, monthly: 365 } as const;

export interface DataProps {
  /** The stage's resource-name prefix (infra/stages.ts stagePrefix). */
  readonly namePrefix: string;
}

/**
 * The single application table, built from the same definition as the local table and the tests.
 * Retained on stack deletion and protected from deletion; do not rename the construct ids (a new logical id
 * means a new, empty table). Two independent ways back: point-in-time recovery (any second of the last 35
 * days) and AWS Backup (daily and monthly copies in a vault that outlives the table).
 */
export class Data extends Construct {
  readonly table: Table;
  readonly backupPlan: BackupPlan;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);

    this.table = new Table(this, 'AppTable', {
      partitionKey: { name: APP_TABLE.partitionKey, type: AttributeType.STRING },
      sortKey: { name: APP_TABLE.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: TableEncryption.AWS_MANAGED,
      timeToLiveAttribute: APP_TABLE.ttlAttribute,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.table.addGlobalSecondaryIndex({
      indexName: APP_TABLE.gsi1.name,
      partitionKey: { name: APP_TABLE.gsi1.partitionKey, type: AttributeType.STRING },
      sortKey: { name: APP_TABLE.gsi1.sortKey, type: AttributeType.STRING },
      projectionType: ProjectionType.ALL,
    });

    const vault = new BackupVault(this, 'BackupVault', {
      backupVaultName: `${props.namePrefix}-backups`,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.backupPlan = new BackupPlan(this, 'BackupPlan', {
      backupPlanName: `${props.namePrefix}-table`,
      backupVault: vault,
      backupPlanRules: [
        new BackupPlanRule({
          ruleName: 'daily',
          scheduleExpression: Schedule.cron({ hour: '5', minute: '0' }),
          deleteAfter: Duration.days(BACKUP_RETENTION_DAYS.daily),
        }),
        new BackupPlanRule({
          ruleName: 'monthly',
          scheduleExpression: Schedule.cron({ day: '1', hour: '5', minute: '0' }),
          moveToColdStorageAfter: Duration.days(30),
          deleteAfter: Duration.days(BACKUP_RETENTION_DAYS.monthly),
        }),
      ],
    });
    this.backupPlan.addSelection('AppTable', {
      backupSelectionName: `${props.namePrefix}-table`,
      resources: [BackupResource.fromDynamoDbTable(this.table)],
    });
  }
}
