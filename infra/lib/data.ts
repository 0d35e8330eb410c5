import { Annotations, Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BackupPlan, BackupPlanRule, BackupResource, BackupVault } from 'aws-cdk-lib/aws-backup';
import { Schedule } from 'aws-cdk-lib/aws-events';
import {
  AttributeType,
  BillingMode,
  ProjectionType,
  Table,
  TableEncryption,
  type ITable,
} from 'aws-cdk-lib/aws-dynamodb';
import type { IRole } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { APP_TABLE } from '../../backend/src/platform/dynamo/table-definition';
import { deploymentSuffix } from './deployment-suffix';

/** Days each AWS Backup copy is kept (cold storage needs at least 90 days after the move). */
export const BACKUP_RETENTION_DAYS = { daily: 35, monthly: 365 } as const;

export interface DataProps {
  /** The stage's resource-name prefix (infra/stages.ts stagePrefix). */
  readonly namePrefix: string;
  /**
   * A table restored from a backup to use instead of the stack's own (docs/deploy.md "Restore from a
   * backup"). The stack's table then leaves the template and, being retained, stays as it was.
   */
  readonly restoredTableName?: string;
}

export const RESTORED_TABLE_WARNING = 'receptionist:restored-table';

/**
 * The single application table, built from the same definition as the local table and the tests.
 * Retained on stack deletion and protected from deletion; do not rename the construct ids (a new logical id
 * means a new, empty table). Its name is CloudFormation's (never fixed), so a retained table never blocks
 * a retry or a rebuild (docs/decisions/163). Two independent ways back: point-in-time recovery (any second
 * of the last 35 days) and AWS Backup (daily and monthly copies in a vault that outlives the table); a
 * restored table is put in service with the stage's `restoredTableName`.
 */
export class Data extends Construct {
  readonly table: ITable;
  readonly backupPlan: BackupPlan;
  readonly backupVault: BackupVault;
  /** The role AWS Backup uses for this table's backups, and for restoring them (`start-restore-job`). */
  readonly backupRole: IRole;
  /** The stack's own table; undefined when the stage runs on a restored one. */
  readonly ownTable: Table | undefined;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);

    if (props.restoredTableName) {
      // Imported by name with its index, so every grant covers table/<name> and table/<name>/index/*.
      this.table = Table.fromTableAttributes(this, 'RestoredTable', {
        tableName: props.restoredTableName,
        globalIndexes: [APP_TABLE.gsi1.name],
      });
      Annotations.of(this).addWarningV2(
        RESTORED_TABLE_WARNING,
        `The stage uses the restored table ${props.restoredTableName}: the stack does not manage its settings. ` +
          'Turn on its point-in-time recovery, time to live and deletion protection as docs/deploy.md ' +
          '"Restore from a backup" shows.',
      );
    } else {
      this.ownTable = createTable(this);
      this.table = this.ownTable;
    }

    // The vault outlives the stack (it holds the backups), and its name must be unique in the account and
    // region: the suffix keeps a retry or a rebuild from colliding with a vault left behind. Retained on
    // update or delete, not on a failed creation, whose vault is still empty (docs/decisions/163).
    const vault = new BackupVault(this, 'BackupVault', {
      backupVaultName: `${props.namePrefix}-backups-${deploymentSuffix()}`,
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
    this.backupVault = vault;
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
    const selection = this.backupPlan.addSelection('AppTable', {
      backupSelectionName: `${props.namePrefix}-table`,
      resources: [BackupResource.fromDynamoDbTable(this.table)],
      // The same role restores a copy (docs/deploy.md "Restore from a backup"): no console-made role needed.
      allowRestores: true,
    });
    this.backupRole = selection.grantPrincipal as IRole;
  }
}

function createTable(scope: Construct): Table {
  const table = new Table(scope, 'AppTable', {
    partitionKey: { name: APP_TABLE.partitionKey, type: AttributeType.STRING },
    sortKey: { name: APP_TABLE.sortKey, type: AttributeType.STRING },
    billingMode: BillingMode.PAY_PER_REQUEST,
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    encryption: TableEncryption.AWS_MANAGED,
    timeToLiveAttribute: APP_TABLE.ttlAttribute,
    deletionProtection: true,
    // RETAIN, not RETAIN_ON_UPDATE_OR_DELETE: a rollback could not delete it anyway (deletion protection),
    // and its generated name never collides (docs/decisions/163).
    removalPolicy: RemovalPolicy.RETAIN,
  });
  table.addGlobalSecondaryIndex({
    indexName: APP_TABLE.gsi1.name,
    partitionKey: { name: APP_TABLE.gsi1.partitionKey, type: AttributeType.STRING },
    sortKey: { name: APP_TABLE.gsi1.sortKey, type: AttributeType.STRING },
    projectionType: ProjectionType.ALL,
  });
  return table;
}
