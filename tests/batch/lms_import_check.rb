# Reads the LMS import files the way the LMS does and checks that every
# student gets the batch's score:
#   canvas RESULTS   canvas_import.csv as Canvas's gradebook importer reads it
#                    (Ruby's CSV, BOM stripped, "Student" first, the student
#                    columns by name, the assignment column "<name> (<id>)",
#                    the "Points Possible" row skipped, a row matched by ID)
#   moodle RESULTS   moodle_grades.csv as Moodle's CSV grade import maps it (a
#                    row matched by email or ID number), and moodle_feedback.zip
#                    as its feedback-zip upload splits each path at '_' (name,
#                    participant id, "assignsubmission", "file", file name)
# Each student's score comes from RESULTS/<id>.json; a rostered student
# without a result must get 0. Prints what it checked; exits 1 on a mismatch.
require "csv"
require "json"

kind, results = ARGV
failures = []
scores = {}  # id -> score, from the batch's own results
Dir.glob(File.join(results, "*.json")).each do |file|
  result = JSON.parse(File.read(file, encoding: "utf-8"))
  scores[result["id"]] = result["score"] if result.is_a?(Hash) && result["id"] && result["lessons"]
end
gradebook = CSV.parse(File.read(File.join(results, "gradebook.csv"), encoding: "bom|utf-8"), headers: true)

case kind
when "canvas"
  rows = CSV.parse(File.read(File.join(results, "canvas_import.csv"), encoding: "bom|utf-8"))
  header = rows.shift
  failures << "the first column is #{header[0].inspect}, not \"Student\"" unless header[0] == "Student"
  id_col = header.index("ID") or failures << "no ID column"
  assignment_cols = header.each_index.select { |i| header[i] =~ /\((\d+)\)\s*\z/ }
  failures << "expected one assignment column \"<name> (<id>)\", found #{assignment_cols.size}" unless assignment_cols.size == 1
  col = assignment_cols.first
  checked = 0
  rows.each do |row|
    next if row[0].to_s =~ /Points Possible/
    id = row[id_col]
    want = scores.key?(id) ? scores[id].to_s : (gradebook.find { |g| g["id"] == id }&.fetch("status") == "not submitted" ? "0" : "")
    failures << "#{row[0]} (#{id}): Canvas reads #{row[col].inspect}, the batch gave #{want.inspect}" unless row[col].to_s == want
    checked += 1
  end
  failures << "#{checked} rows, the gradebook has #{gradebook.size}" unless checked == gradebook.size
  puts "canvas_import.csv: #{checked} students, column #{header[col].inspect}"
when "moodle"
  grades = CSV.parse(File.read(File.join(results, "moodle_grades.csv"), encoding: "bom|utf-8"), headers: true)
  by_email = {}
  gradebook.each do |g|
    row = grades.find { |r| r["Full name"] == g["name"] }
    failures << "#{g['name']}: no row in moodle_grades.csv" and next unless row
    failures << "#{g['name']}: neither email nor ID number" if row["Email address"].to_s.empty? && row["ID number"].to_s.empty?
    want = scores.key?(g["id"]) ? scores[g["id"]].to_s : "0"
    failures << "#{g['name']}: Moodle reads #{row[grades.headers[3]].inspect}, the batch gave #{want}" unless row[grades.headers[3]] == want
    by_email[row["Email address"]] = want
  end
  entries = IO.popen(["unzip", "-Z1", File.join(results, "moodle_feedback.zip")], &:read).force_encoding("utf-8").split("\n")
  entries.each do |path|
    name, participant, plugin, type, file = path.split("_", 5)
    unless participant =~ /\A\d+\z/ && plugin == "assignsubmission" && type == "file" && file == "/feedback.txt"
      failures << "#{path}: Moodle would not read a participant's feedback file from this name"
      next
    end
    g = gradebook.find { |r| r["id"] == participant }
    failures << "#{path}: participant #{participant} is not in the gradebook" and next unless g
    text = IO.popen(["unzip", "-p", File.join(results, "moodle_feedback.zip"), path], &:read).force_encoding("utf-8")
    want = "#{scores.fetch(participant, 0)}/#{g['max_total']}"
    failures << "#{path}: the feedback does not give the score #{want}" unless text.include?(want)
  end
  failures << "#{entries.size} feedback files, the gradebook has #{gradebook.size} students" unless entries.size == gradebook.size
  puts "moodle_grades.csv: #{grades.size} students; moodle_feedback.zip: #{entries.size} feedback files"
else
  abort "usage: lms_import_check.rb canvas|moodle RESULTS"
end
failures.each { |f| puts "MISMATCH: #{f}" }
exit(failures.empty? ? 0 : 1)
