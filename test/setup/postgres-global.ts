// Placeholder replaced by the PostgreSQL harness below.
export default async function setup() {}
