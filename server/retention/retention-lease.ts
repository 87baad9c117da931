// The retention jobs' schedule, shared by every instance: one retention_jobs row per job. An instance
// takes a due row with FOR UPDATE SKIP LOCKED and stamps its lease in the same statement (as
// batch_settlement_jobs and the probe schedule do), so a job runs on one instance at a time and once
// per interval whatever the number of instances; a job whose instance died is taken again once its
// lease has run out (should that happen mid-run anyway, the batches' SKIP LOCKED keeps the two runs
// on different rows).
import { jobLease } from "../job-lease";

const retentionJobs = jobLease("retention_jobs");
/** Takes the job when it is due and nobody holds it; false otherwise. */
export const leaseRetentionJob = retentionJobs.lease;
/** Gives the job back, due again in `nextInMs`, with what its run did. */
export const finishRetentionJob = retentionJobs.finish;
