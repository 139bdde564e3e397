import JobProgress from './JobProgress.jsx';
import JobReport from './JobReport.jsx';
import { isActive } from './labels.js';
import useJob from './useJob.js';

/**
 * One job: its progress while it is queued or running (read again every second), then its report. Key it by the
 * job's id: another job is another view. `onSettled(job)` when it ends here; `moduleHref(id)` for the report's link.
 */
export default function JobView({ job: initial, moduleHref, onSettled }) {
  const { job, setJob, error } = useJob(initial, onSettled);
  return (
    <div className="import-job" data-testid="import-job" data-state={job.state}>
      {isActive(job) ? <JobProgress job={job} onChange={setJob} /> : <JobReport job={job} moduleHref={moduleHref} />}
      {error && <div className="form__error" role="alert">{error}</div>}
    </div>
  );
}
