# Reads the LMS import files the way the LMS does and checks that every
# student gets the batch's score:
#   canvas RESULTS   canvas_import.csv as Canvas's gradebook importer reads it
#                    (Ruby's CSV, BOM stripped, "Student" first, the student
#                    columns by name, the assignment column "<name> (<id>)",
#                    the "Points Possible" row skipped, a row matched by ID)
#   moodle RESULTS   moodle_grades.csv as Moodle's CSV grade import maps it (a
#                    row matched by email or ID number: a row with neither
#                    would abort the whole import), moodle_worksheet.csv (when
#                    written) as the assignment's worksheet upload reads it
#                    (the Identifier, Grade and "Last modified (grade)"
#                    columns by name, the participant id after "Participant "),
#                    and moodle_feedback.zip as its feedback-zip upload splits
#                    each path at '_' (name, participant id, "assignsubmission",
#                    "file", file name)
# Each student's score comes from RESULTS/<id>.json. A student with something
# graded (a lesson's file found) must get the score; any other (nothing
# handed in, online text alone, refused, or on the roster only) an empty
# grade, which the LMS reads as "no change" (0 with --missing-as-zero, which
# RESULTS does not tell: give "zero" as a third argument). Prints what it
# checked; exits 1 on a mismatch.
require "csv"
require "json"

kind, results, missing = ARGV
failures = []
results_by_id = {}  # id -> the batch's result
Dir.glob(File.join(results, "*.json")).each do |file|
  result = JSON.parse(File.read(file, encoding: "utf-8"))
  results_by_id[result["id"]] = result if result.is_a?(Hash) && result["id"] && result["lessons"]
end
gradebook = CSV.parse(File.read(File.join(results, "gradebook.csv"), encoding: "bom|utf-8"), headers: true)
# What the LMS must read for gradebook row `g`.
want = lambda do |g|
  r = results_by_id[g["id"]]
  gradable = r && r["status"] == "graded" && r["lessons"].any? { |l| l["status"] == "graded" }
  gradable ? r["score"].to_s : (missing == "zero" && r ? "0" : "")
end

case kind
when "canvas"
  rows = CSV.parse(File.read(File.join(results, "canvas_import.csv"), encoding: "bom|utf-8"))
  header = rows.shift
  failures << "the first column is #{header[0].inspect}, not \"Student\"" unless header[0] == "Student"
  id_col = header.index("ID") or failures << "no ID column"
  failures << "Section is not the last student column" unless header.index("Section") == id_col + 3
  assignment_cols = header.each_index.select { |i| header[i] =~ /\((\d+)\)\s*\z/ }
  failures << "expected one assignment column \"<name> (<id>)\", found #{assignment_cols.size}" unless assignment_cols.size == 1
  col = assignment_cols.first
  checked = 0
  rows.each do |row|
    next if row[0].to_s =~ /Points Possible/
    g = gradebook.find { |r| r["id"] == row[id_col] || results_by_id[r["id"]]&.fetch("id") == row[id_col] }
    g ||= gradebook.find { |r| r["name"] == row[0] }
    failures << "#{row[0]} (#{row[id_col]}): no such student in the gradebook" and next unless g
    failures << "#{row[0]}: the ID #{row[id_col].inspect} is no Canvas user id" unless row[id_col] =~ /\A\d+\z/
    failures << "#{row[0]} (#{row[id_col]}): Canvas reads #{row[col].inspect}, the batch gave #{want.(g).inspect}" unless row[col].to_s == want.(g)
    checked += 1
  end
  anonymous = gradebook.count { |g| g["id"].start_with?("anon_") }
  failures << "#{checked} rows, the gradebook has #{gradebook.size} students, #{anonymous} of them anonymous" unless checked == gradebook.size - anonymous
  puts "canvas_import.csv: #{checked} students (#{anonymous} anonymous left out), column #{header[col].inspect}"
when "moodle"
  grades = CSV.parse(File.read(File.join(results, "moodle_grades.csv"), encoding: "bom|utf-8"), headers: true)
  grades.each do |row|
    failures << "#{row['Full name']}: neither email nor ID number: Moodle would abort the import" if row["Email address"].to_s.empty? && row["ID number"].to_s.empty?
    g = gradebook.find { |r| r["name"] == row["Full name"] }
    failures << "#{row['Full name']}: no such student in the gradebook" and next unless g
    grade = row[grades.headers[3]].to_s
    failures << "#{g['name']}: Moodle reads #{grade.inspect}, the batch gave #{want.(g).inspect}" unless grade == want.(g)
  end
  worksheet = File.join(results, "moodle_worksheet.csv")
  if File.exist?(worksheet)
    sheet = CSV.parse(File.read(worksheet, encoding: "bom|utf-8"), headers: true)
    %w[Identifier Grade].push("Last modified (grade)").each { |c| failures << "the worksheet has no #{c} column" unless sheet.headers.include?(c) }
    filled = 0
    sheet.each do |row|
      participant = row["Identifier"].to_s.sub(/\AParticipant /, "")
      g = gradebook.find { |r| r["id"] == participant }
      expected = g ? want.(g) : ""
      failures << "worksheet #{row['Identifier']}: Moodle reads #{row['Grade'].inspect}, the batch gave #{expected.inspect}" unless row["Grade"].to_s == expected
      filled += 1 unless row["Grade"].to_s.empty?
    end
    puts "moodle_worksheet.csv: #{sheet.size} participants, #{filled} grades filled in"
  end
  entries = IO.popen(["unzip", "-Z1", File.join(results, "moodle_feedback.zip")], &:read).force_encoding("utf-8").split("\n")
  entries.each do |path|
    folder, file = path.split("/", 2)
    name, participant, plugin, type = folder.split("_", 5)
    unless participant =~ /\A\d+\z/ && plugin == "assignsubmission" && type == "file" && file == "feedback.txt"
      failures << "#{path}: Moodle would not read a participant's feedback file from this name"
      next
    end
    g = gradebook.find { |r| r["id"] == participant }
    failures << "#{path}: participant #{participant} is not in the gradebook" and next unless g
    text = IO.popen(["unzip", "-p", File.join(results, "moodle_feedback.zip"), path], &:read).force_encoding("utf-8")
    score = "#{results_by_id.fetch(participant, {}).fetch('score', 0)}/#{g['max_total']}"
    failures << "#{path}: the feedback does not give the score #{score}" unless text.include?(score)
  end
  with_work = gradebook.count { |g| g["status"] != "not submitted" && g["id"] =~ /\A\d+\z/ }
  failures << "#{entries.size} feedback files, #{with_work} students handed something in" unless entries.size == with_work
  puts "moodle_grades.csv: #{grades.size} students; moodle_feedback.zip: #{entries.size} feedback files"
else
  abort "usage: lms_import_check.rb canvas|moodle RESULTS [zero]"
end
failures.each { |f| puts "MISMATCH: #{f}" }
exit(failures.empty? ? 0 : 1)
