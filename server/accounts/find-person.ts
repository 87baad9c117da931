// Looking a person up by email (the command-line scripts name people by their sign-in email).
import { db } from "../db";

export async function findPersonByEmail(email: string): Promise<{ id: string; name: string; role: string } | null> {
  return db.person.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { id: true, name: true, role: true },
  });
}
