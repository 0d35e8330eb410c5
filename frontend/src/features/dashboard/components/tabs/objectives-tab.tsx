import { useQuery } from '@tanstack/react-query';
import { offeredTemplates } from '@shared/objective-templates';
import { DASHBOARD_MESSAGES } from '@shared/dashboard-messages';
import { loadObjective, loadObjectiveTemplates } from '../../api/dashboard-api';
import { dashboardQueryKeys } from '../../hooks/dashboard-query-keys';
import { useGuardedDashboardConfig } from '../../hooks/use-dashboard-config';
import { ObjectivesEditor } from './objectives-editor';
import './objectives-tab.css';

/**
 * Spec §2 Objectives: loads the current objective (404 = none yet) and the templates; either failing shows
 * the 'Configuration Error' panel with Retry instead of an editor that would save over what is stored.
 */
export function ObjectivesTab({ userId }: { userId: string }) {
  const config = useGuardedDashboardConfig(userId);
  const objective = useQuery({
    queryKey: dashboardQueryKeys.objective(userId),
    queryFn: () => loadObjective(userId),
    retry: 0,
  });
  const templates = useQuery({
    queryKey: dashboardQueryKeys.objectiveTemplates,
    queryFn: loadObjectiveTemplates,
    retry: 0,
  });

  const failures = [objective, templates, config].filter((query) => query.isError);
  if (failures.length > 0) {
    return (
      <section className="card dashboard-panel objectives-error" role="alert" aria-labelledby="config-error">
        <h2 id="config-error">{DASHBOARD_MESSAGES.configurationError}</h2>
        {failures.map((query) => (
          <p key={query.error!.message}>{query.error!.message}</p>
        ))}
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => failures.forEach((query) => void query.refetch())}
        >
          Retry
        </button>
      </section>
    );
  }
  if (objective.isPending || templates.isPending || config.isPending) {
    return <p className="dashboard-muted">Loading...</p>;
  }
  return (
    <ObjectivesEditor
      userId={userId}
      stored={objective.data ?? null}
      templates={offeredTemplates(templates.data ?? [])}
      config={config.data ?? null}
    />
  );
}
